import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressedTo,
  assertionMemoryUntil,
  certificateBody,
  certificatePem,
  DEFAULT_SAML_MAPPING,
  personFromAttributes,
  SAML_ASSERTION_MEMORY_MINUTES,
  SAML_ATTRIBUTE_PRESETS,
  SAML_CLOCK_SKEW_MS,
  samlAcsUrlOf,
  samlEntityIdOf,
  samlSettingsProblem,
  samlSloUrlOf,
  sessionsToEnd,
} from './saml-sign-on';

const CLAIM = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';

describe('personFromAttributes', () => {
  it('reads Entra ID’s and ADFS’s claim types with the default mapping', () => {
    expect(
      personFromAttributes(
        { [`${CLAIM}/emailaddress`]: 'Jörg.Müller@Stadtwerke.Example', [`${CLAIM}/givenname`]: 'Jörg', [`${CLAIM}/surname`]: 'Müller' },
        DEFAULT_SAML_MAPPING,
      ),
    ).toEqual({ email: 'jörg.müller@stadtwerke.example', firstName: 'Jörg', lastName: 'Müller' });
  });

  it('reads Shibboleth’s OIDs with its preset, and plain names as a fallback of any mapping', () => {
    const oid = { 'urn:oid:0.9.2342.19200300.100.1.3': ['a@b.de'], 'urn:oid:2.5.4.42': ['Ada'], 'urn:oid:2.5.4.4': ['Lovelace'] };
    expect(personFromAttributes(oid, SAML_ATTRIBUTE_PRESETS.shibboleth)).toEqual({
      email: 'a@b.de',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(personFromAttributes({ mail: 'x@y.de', givenName: 'Änne', sn: 'Öz' }, DEFAULT_SAML_MAPPING)).toEqual({
      email: 'x@y.de',
      firstName: 'Änne',
      lastName: 'Öz',
    });
  });

  it('prefers the configured attribute, takes an address-shaped NameID last, and refuses without an address', () => {
    const mapping = { email: 'upn', firstName: 'vn', lastName: 'nn' };
    expect(personFromAttributes({ upn: 'p@firma.de', mail: 'privat@x.de', vn: 'P', nn: 'Q' }, mapping)?.email).toBe('p@firma.de');
    expect(personFromAttributes({}, mapping, 'n.id@firma.de')).toEqual({ email: 'n.id@firma.de', firstName: '', lastName: 'n.id' });
    expect(personFromAttributes({ mail: 'kein-at' }, mapping, 'opaque-id')).toBeNull();
  });

  it('never answers an address that is not one', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.array(fc.string()))), fc.option(fc.string()), (attrs, nameId) => {
        const p = personFromAttributes(attrs, DEFAULT_SAML_MAPPING, nameId);
        if (p) expect(p.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
      }),
    );
  });
});

describe('certificates', () => {
  const body = 'MIIC'.padEnd(400, 'A');
  it('takes the body out of PEM armour and line breaks, and gives it back as PEM', () => {
    const pem = certificatePem(body);
    expect(pem.startsWith('-----BEGIN CERTIFICATE-----\n')).toBe(true);
    expect(certificateBody(pem)).toBe(body);
    expect(certificateBody(`  ${body.slice(0, 100)}\r\n ${body.slice(100)} `)).toBe(body);
  });
  it('refuses what cannot be base64 of a certificate', () => {
    expect(certificateBody('')).toBeNull();
    expect(certificateBody('kein Zertifikat')).toBeNull();
    expect(certificateBody(`${body}!`)).toBeNull();
  });
});

describe('samlSettingsProblem', () => {
  const ok = {
    providerName: 'Firmen-Login',
    idpEntityId: 'https://sts.windows.net/abc/',
    idpSsoUrl: 'https://login.microsoftonline.com/abc/saml2',
    certificates: ['x'],
    mapping: DEFAULT_SAML_MAPPING,
  };
  it('accepts a complete configuration and names the first problem', () => {
    expect(samlSettingsProblem(ok)).toBeNull();
    expect(samlSettingsProblem({ ...ok, providerName: ' ' })).toBe('saml_name_missing');
    expect(samlSettingsProblem({ ...ok, idpEntityId: 'mit leerzeichen' })).toBe('saml_entity_id_missing');
    expect(samlSettingsProblem({ ...ok, idpSsoUrl: 'http://login.example.de/sso' })).toBe('saml_sso_url_invalid');
    expect(samlSettingsProblem({ ...ok, idpSsoUrl: 'http://127.0.0.1:8080/sso' })).toBeNull();
    expect(samlSettingsProblem({ ...ok, certificates: [] })).toBe('saml_certificate_missing');
    expect(samlSettingsProblem({ ...ok, mapping: { ...ok.mapping, email: '' } })).toBe('saml_attribute_invalid');
  });
});

describe('addresses', () => {
  it('an answer must name this address’s ACS wherever it names one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('https://a.example', 'https://b.example'),
        fc.constantFrom('https://a.example', 'https://b.example'),
        (mine, theirs) => {
          const acs = samlAcsUrlOf(mine);
          expect(addressedTo(acs, samlAcsUrlOf(theirs), [])).toBe(mine === theirs);
          expect(addressedTo(acs, null, [samlAcsUrlOf(theirs)])).toBe(mine === theirs);
        },
      ),
    );
    expect(samlEntityIdOf('https://a.example')).toBe('https://a.example/api/auth/saml/metadata');
    expect(addressedTo(samlAcsUrlOf('https://a.example'), null, [])).toBe(true);
  });
});

describe('assertionMemoryUntil', () => {
  it('keeps a used id until the assertion is stale anyway, and at least the minimum', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e7, max: 1e8 }), (offset) => {
        const now = new Date('2026-12-03T10:00:00Z');
        const end = new Date(now.getTime() + offset).toISOString();
        const until = assertionMemoryUntil(now, [end, null]).getTime();
        expect(until).toBeGreaterThanOrEqual(now.getTime() + SAML_ASSERTION_MEMORY_MINUTES * 60_000);
        expect(until).toBeGreaterThanOrEqual(now.getTime() + offset + SAML_CLOCK_SKEW_MS);
      }),
    );
  });
});

describe('which sessions an IdP’s LogoutRequest ends', () => {
  const sessions = [
    { id: 'a', nameId: 'joerg', sessionIndex: '_s1' },
    { id: 'b', nameId: 'joerg', sessionIndex: '_s2' },
    { id: 'c', nameId: 'joerg', sessionIndex: null },
    { id: 'd', nameId: 'lea', sessionIndex: '_s1' },
  ];
  it('without SessionIndex every session of the subject, with one only that session', () => {
    expect(sessionsToEnd(sessions, 'joerg', []).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(sessionsToEnd(sessions, 'joerg', ['_s2']).map((s) => s.id)).toEqual(['b']);
    expect(sessionsToEnd(sessions, 'nobody', []).map((s) => s.id)).toEqual([]);
    expect(samlSloUrlOf('https://a.example')).toBe('https://a.example/api/auth/saml/slo');
  });
  it('never ends another subject’s session, and always a subset of the subject’s', () => {
    const session = fc.record({
      id: fc.uuid(),
      nameId: fc.constantFrom('joerg', 'lea', 'max'),
      sessionIndex: fc.option(fc.constantFrom('_s1', '_s2', '_s3'), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(session),
        fc.constantFrom('joerg', 'lea'),
        fc.array(fc.constantFrom<string>('_s1', '_s2')),
        (all, nameId, indexes) => {
          const ended = sessionsToEnd(all, nameId, indexes);
          expect(ended.every((s) => s.nameId === nameId)).toBe(true);
          if (indexes.length > 0) expect(ended.every((s) => s.sessionIndex !== null && indexes.includes(s.sessionIndex))).toBe(true);
          else expect(ended).toEqual(all.filter((s) => s.nameId === nameId));
        },
      ),
    );
  });
});
