/**
 * What other areas may use of the session (sign-in, second factor, single
 * sign-on); nothing else of this folder is imported from outside it (decision 204).
 */
export { findAuthUser } from './auth-repository';
export { SESSION_COOKIE_PREFIX } from './better-auth';
export { sendInvitation } from './passwords';
export { removeSamlSignOn, samlSignOnView, saveSamlSignOnSettings } from './saml-admin';
export { resetSecondFactorOf } from './second-factor';
export { singleSignOnButton } from './single-sign-on';
export { removeSingleSignOn, saveSingleSignOnSettings, singleSignOnView } from './single-sign-on-admin';
