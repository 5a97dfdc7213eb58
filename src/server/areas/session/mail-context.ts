import { AsyncLocalStorage } from 'node:async_hooks';
import type { Locale } from '../../kernel/mail/render';

/**
 * better-auth calls our mail callbacks without knowing the tenant or the host
 * the user came from. The service that triggers an auth mail runs it inside
 * this context, so the callback can address the link to the right host and
 * write the mail in the user's language.
 */
export interface AuthMailContext {
  tenantId: string;
  tenantName: string;
  origin: string;
  locale: Locale;
  recipientName: string;
  purpose: 'recovery' | 'invitation' | 'sign-in-code';
}

export const authMailContext = new AsyncLocalStorage<AuthMailContext>();
