import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSKEY_NAME, PASSKEY_NAME_MAX, passkeyName, passkeySignInAllowed } from './passkeys';

describe('passkeyName', () => {
  it('is never empty, never longer than the limit and has no outer or double spaces', () => {
    fc.assert(
      fc.property(
        fc.option(fc.string({ maxLength: 120 }), { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        (typed, model) => {
          const name = passkeyName(typed, model);
          expect(name.length).toBeGreaterThan(0);
          expect(name.length).toBeLessThanOrEqual(PASSKEY_NAME_MAX);
          expect(name).toBe(name.trim());
          expect(name).not.toMatch(/\s\s/);
        },
      ),
    );
  });

  it('prefers the typed name, then the model, then "Passkey"', () => {
    expect(passkeyName('  Laptop   Büro ', 'Google Password Manager')).toBe('Laptop Büro');
    expect(passkeyName('   ', 'Google Password Manager')).toBe('Google Password Manager');
    expect(passkeyName(undefined, undefined)).toBe(DEFAULT_PASSKEY_NAME);
  });
});

describe('passkeySignInAllowed', () => {
  const status = fc.constantFrom('aktiv', 'inaktiv', 'gesperrt', 'eingeladen');
  it('needs an active member; a single sign-on person only where the password is allowed too', () => {
    fc.assert(
      fc.property(status, fc.boolean(), fc.option(fc.boolean(), { nil: null }), (s, flagged, passwordAllowed) => {
        const sso = passwordAllowed === null ? null : { passwordAllowed };
        const allowed = passkeySignInAllowed({ status: s, singleSignOn: flagged }, sso);
        expect(allowed).toBe(s === 'aktiv' && (!flagged || passwordAllowed !== false));
      }),
    );
    expect(passkeySignInAllowed(null, null)).toBe(false);
  });
});
