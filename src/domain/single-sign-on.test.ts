import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordSignInAllowed, personFromClaims, providerIdOf, singleSignOnProblem, tenantOfProviderId } from './single-sign-on';

describe('provider ids', () => {
  it('name their tenant and nothing else', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(tenantOfProviderId(providerIdOf(id))).toBe(id);
      }),
    );
    expect(tenantOfProviderId('google')).toBeNull();
    expect(tenantOfProviderId('sso-not-a-uuid')).toBeNull();
    expect(tenantOfProviderId('sso-../../etc')).toBeNull();
  });
});

describe('personFromClaims', () => {
  it('takes given and family name and the e-mail in lower case', () => {
    expect(personFromClaims({ email: 'Ada.Lovelace@Example.DE', given_name: 'Ada', family_name: 'Lovelace' })).toEqual({
      email: 'ada.lovelace@example.de',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('reads the e-mail from the claim the tenant names', () => {
    expect(personFromClaims({ email: 'x@y.de', upn: 'p.meier@stadtwerke.example', name: 'Paul Meier' }, 'upn')).toEqual({
      email: 'p.meier@stadtwerke.example',
      firstName: 'Paul',
      lastName: 'Meier',
    });
  });

  it('splits a full name, else uses the address', () => {
    expect(personFromClaims({ email: 'a@b.de', name: 'Anna Maria Schmidt' })).toMatchObject({
      firstName: 'Anna Maria',
      lastName: 'Schmidt',
    });
    expect(personFromClaims({ email: 'kiosk@b.de' })).toMatchObject({ firstName: '', lastName: 'kiosk' });
  });

  it('refuses claims without a usable e-mail', () => {
    expect(personFromClaims({ name: 'Nobody' })).toBeNull();
    expect(personFromClaims({ email: 'not an address' })).toBeNull();
    expect(personFromClaims({ email: 42 })).toBeNull();
    expect(personFromClaims({ email: 'a@b.de' }, 'upn')).toMatchObject({ email: 'a@b.de' });
  });

  it('never throws and always yields a valid address or null', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.constant(null))), fc.string(), (claims, claim) => {
        const p = personFromClaims(claims, claim);
        if (p) expect(p.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
      }),
    );
  });
});

describe('passwordSignInAllowed', () => {
  it('refuses the password to single sign-on people unless the tenant allows both', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (sso, both) => {
        expect(passwordSignInAllowed({ singleSignOn: sso }, { passwordAllowed: both })).toBe(!sso || both);
      }),
    );
    expect(passwordSignInAllowed({ singleSignOn: true }, null)).toBe(true);
  });
});

describe('singleSignOnProblem', () => {
  const ok = {
    providerName: 'Stadtwerke-Login',
    issuerUrl: 'https://login.example.de/realms/sw',
    clientId: 'buchbar',
    clientSecret: 's3cret',
    emailClaim: 'email',
  };

  it('accepts complete settings and keeps a stored secret', () => {
    expect(singleSignOnProblem(ok, false)).toBeNull();
    expect(singleSignOnProblem({ ...ok, clientSecret: '' }, true)).toBeNull();
    expect(singleSignOnProblem({ ...ok, issuerUrl: 'http://localhost:4010' }, false)).toBeNull();
  });

  it('names the first problem', () => {
    expect(singleSignOnProblem({ ...ok, providerName: '  ' }, false)).toBe('sso_name_missing');
    for (const issuerUrl of [
      '',
      'login.example.de',
      'ftp://login.example.de',
      'http://login.example.de',
      'https://x.de/?a=1',
      'https://x.de/#f',
    ])
      expect(singleSignOnProblem({ ...ok, issuerUrl }, false)).toBe('sso_issuer_invalid');
    expect(singleSignOnProblem({ ...ok, clientId: '' }, false)).toBe('sso_client_id_missing');
    expect(singleSignOnProblem({ ...ok, clientSecret: '' }, false)).toBe('sso_secret_missing');
    expect(singleSignOnProblem({ ...ok, emailClaim: 'e mail' }, false)).toBe('sso_claim_invalid');
  });

  it('never throws on any text', () => {
    fc.assert(
      fc.property(
        fc.record({
          providerName: fc.string(),
          issuerUrl: fc.string(),
          clientId: fc.string(),
          clientSecret: fc.string(),
          emailClaim: fc.string(),
        }),
        fc.boolean(),
        (input, stored) => {
          const p = singleSignOnProblem(input, stored);
          expect(p === null || p.startsWith('sso_')).toBe(true);
        },
      ),
    );
  });
});
