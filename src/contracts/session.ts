import { z } from 'zod';

export const LOCALES = ['de-de', 'en-us'] as const;
export const locale = z.enum(LOCALES);
export type AppLocale = z.infer<typeof locale>;

const email = z.string().trim().min(1).max(320).email();

export const loginRequest = z.object({ email, password: z.string().min(1).max(200) });
/** `secondFactor`: the password was right and a code must follow (POST /api/session/login/code). */
export const loginResponse = z.object({ redirectTo: z.string(), secondFactor: z.boolean().optional() });
export const CODE_KINDS = ['totp', 'recovery'] as const;
export const secondFactorLoginRequest = z.object({
  code: z.string().trim().min(6).max(40),
  kind: z.enum(CODE_KINDS).default('totp'),
});

export const emailCodeRequest = z.object({ email });
export const emailCodeLoginRequest = z.object({ email, code: z.string().trim().min(6).max(10) });

export const passwordConfirmation = z.object({ password: z.string().min(1).max(200) });
export const enrolmentStart = z.object({ totpUri: z.string(), secret: z.string(), recoveryCodes: z.array(z.string()) });
export const enrolmentConfirm = z.object({ code: z.string().trim().min(6).max(10) });
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

/** Passkeys (decision 145): what the browser's WebAuthn calls take and answer, passed between browser and better-auth's plugin. */
const base64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/);
export const webAuthnOptions = z.record(z.string(), z.unknown());
export const webAuthnCredential = z.object({
  id: base64url.min(1).max(1400),
  rawId: base64url.min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.optional(),
    authenticatorData: base64url.optional(),
    signature: base64url.optional(),
    userHandle: base64url.optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(40).optional(),
});
const passkeyNameInput = z.string().trim().max(60);
export const passkeyRegistration = z.object({ response: webAuthnCredential, name: passkeyNameInput.optional() });
export const passkeyRename = z.object({ name: passkeyNameInput.min(1), password: z.string().min(1).max(200) });
export const passkeyLoginRequest = z.object({ response: webAuthnCredential });
export const passkeyIdParams = z.object({ id: z.string().min(1).max(200) });
export const ownSession = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  /** Program and system read from the user agent (@domain/client-name); null when it names neither. */
  client: z.object({ program: z.string().nullable(), system: z.string().nullable() }).nullable(),
  /** The address the session was opened from, as the trusted proxy named it. */
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSession>;
export const ownPasskey = z.object({ id: z.string(), name: z.string(), createdAt: z.string().nullable() });
export type OwnPasskey = z.infer<typeof ownPasskey>;
export const securityOverview = z.object({
  twoFactorEnabled: z.boolean(),
  sessions: z.array(ownSession),
  passkeys: z.array(ownPasskey),
});
export type SecurityOverview = z.infer<typeof securityOverview>;
export const sessionIdParams = z.object({ id: z.string().min(1).max(200) });

export const forgotPasswordRequest = z.object({ email });
export const resetPasswordRequest = z.object({ token: z.string().min(10).max(500), password: z.string().min(8).max(200) });
export const confirmEmailRequest = z.object({ token: z.string().min(10).max(2000) });
export const changePasswordRequest = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: z.string().min(8).max(200),
});
export const okResponse = z.object({ ok: z.literal(true), message: z.string().optional() });
/** Signing out; `next` is the identity provider's logout address when a SAML sign-in opened the session (single logout). */
export const logoutResponse = okResponse.extend({ next: z.string().optional() });

export const tenantInfo = z.object({
  id: z.string(),
  name: z.string(),
  features: z.array(z.string()),
  privacyText: z.string(),
  imprintText: z.string(),
  /** The tenant lets people sign in with a code by e-mail (setting anmeldungPerEmailCode). */
  emailCodeSignIn: z.boolean(),
  /** The tenant's single sign-on provider for the login button (decision 100), null without one. */
  singleSignOn: z.object({ providerName: z.string() }).nullable(),
  /** Changes with every new logo, so the header's image URL changes too; null without a logo. */
  logoVersion: z.string().nullable(),
});
export type TenantInfo = z.infer<typeof tenantInfo>;

export const me = z.object({
  user: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    employeeId: z.string().nullable(),
    department: z.object({ id: z.string(), name: z.string() }).nullable(),
  }),
  tenant: z.object({ id: z.string(), name: z.string() }),
  permissions: z.array(z.string()),
  features: z.array(z.string()),
  isAdmin: z.boolean(),
  locale,
  startPath: z.string(),
  twoFactorEnabled: z.boolean(),
  /** The tenant requires a second factor of admins and this person has none yet. */
  secondFactorMissing: z.boolean(),
});
export type Me = z.infer<typeof me>;

export const updateProfileRequest = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
});
export const updateLocaleRequest = z.object({ locale });
