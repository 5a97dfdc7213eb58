import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPatch,
  assertIfMatch,
  entityTags,
  errorBody,
  type Filter,
  groupSortOf,
  groupVersion,
  isScimTokenShape,
  type JsonObject,
  matchesFilter,
  pageOf,
  parseFilter,
  parseGroup,
  parsePatchPath,
  parsePatchRequest,
  parseUser,
  planGroupFilter,
  planGroupPatch,
  planUserFilter,
  printFilter,
  projectResource,
  SCIM_MAX_RESULTS,
  SCIM_SCHEMAS,
  ScimError,
  scimBoolean,
  scimTokenProblem,
  scimVersion,
  tagsMatch,
  toScimUser,
  userSortOf,
} from './scim';

const refusal = (fn: () => unknown): { status: number; scimType: string | null; de: string; en: string } => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ScimError) return { status: err.status, scimType: err.scimType, de: err.message, en: err.en };
    throw err;
  }
  throw new Error('no refusal');
};

/** The body Entra ID sends to create a user (its provisioning documentation's example). */
const ENTRA_USER = {
  schemas: [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterprise],
  externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
  userName: 'Test_User_ab6490ee@testuser.com',
  active: true,
  emails: [{ primary: true, type: 'work', value: 'Test_User_fd0ea19b@testuser.com' }],
  meta: { resourceType: 'User' },
  name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
  roles: [],
};

const patch = (...ops: object[]) => parsePatchRequest({ schemas: [SCIM_SCHEMAS.patchOp], Operations: ops });

describe('filters', () => {
  it('reads the filters Entra ID and Okta send', () => {
    expect(parseFilter('userName eq "Test_User_dfeef4c5-5681-4387-b016-bdf221e82081"')).toEqual({
      kind: 'compare',
      path: 'userName',
      op: 'eq',
      value: 'Test_User_dfeef4c5-5681-4387-b016-bdf221e82081',
    });
    expect(parseFilter('externalId eq "abc"')).toMatchObject({ path: 'externalId', op: 'eq' });
    expect(parseFilter('displayName eq "Vertrieb Nord"')).toMatchObject({ path: 'displayName', value: 'Vertrieb Nord' });
    expect(parseFilter('emails[type eq "work" and value eq "a@b.de"]').kind).toBe('valuePath');
    expect(parseFilter('userName Eq "x" AND active eq true').kind).toBe('and');
  });

  it('plans equality lookups and refuses what the database cannot ask', () => {
    expect(planUserFilter('userName eq "anna@x.de"')).toEqual([{ attribute: 'userName', value: 'anna@x.de' }]);
    expect(planUserFilter('externalId eq "e1" and emails[type eq "work" and value eq "a@b.de"]')).toEqual([
      { attribute: 'externalId', value: 'e1' },
      { attribute: 'email', value: 'a@b.de' },
    ]);
    expect(planUserFilter('urn:ietf:params:scim:schemas:core:2.0:User:userName eq "a"')).toEqual([{ attribute: 'userName', value: 'a' }]);
    expect(planGroupFilter('id eq "g" and members.value eq "u"')).toEqual([
      { attribute: 'id', value: 'g' },
      { attribute: 'member', value: 'u' },
    ]);
    const unsupported = refusal(() => planUserFilter('userName co "ann"'));
    expect(unsupported).toMatchObject({ status: 400, scimType: 'invalidFilter' });
    expect(unsupported.de).toBe(
      'Den Filter „userName co "ann"“ kann Buchbar nicht anwenden: möglich ist „eq“ auf id, userName, externalId, emails und displayName, auch mit „and“ verknüpft.',
    );
    expect(refusal(() => planUserFilter('title eq "x"')).scimType).toBe('invalidFilter');
    expect(refusal(() => planUserFilter('userName eq "a" or userName eq "b"')).scimType).toBe('invalidFilter');
  });

  it('refuses what is no filter with invalidFilter and a sentence', () => {
    for (const bad of [
      '',
      'userName',
      'userName eq',
      'userName eq "x',
      'userName zz "x"',
      '(userName eq "x"',
      'userName eq "x" and',
      '"x" eq userName',
    ]) {
      const r = refusal(() => parseFilter(bad));
      expect(r.status).toBe(400);
      expect(r.scimType).toBe('invalidFilter');
      expect(r.de).toBe(`Den Filter „${bad}“ versteht Buchbar nicht.`);
      expect(r.en).toBe(`Buchbar does not understand the filter "${bad}".`);
    }
  });

  const attrName = fc.constantFrom('userName', 'externalId', 'displayName', 'emails.value', 'name.givenName', 'active', 'title');
  const value = fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -50, max: 50 }), fc.boolean(), fc.constant(null));
  const filter: fc.Arbitrary<Filter> = fc.letrec<{ f: Filter }>((tie) => ({
    f: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({
        kind: fc.constant('compare' as const),
        path: attrName,
        op: fc.constantFrom('eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le' as const),
        value,
      }),
      fc.record({ kind: fc.constant('present' as const), path: attrName }),
      fc.record({ kind: fc.constantFrom('and' as const, 'or' as const), left: tie('f'), right: tie('f') }),
      fc.record({ kind: fc.constant('not' as const), filter: tie('f') }),
    ),
  })).f;

  it('reads back every filter it writes (property)', () => {
    fc.assert(
      fc.property(filter, (f) => {
        expect(parseFilter(printFilter(f))).toEqual(f);
      }),
    );
  });

  const person = fc.record({
    userName: fc.string({ maxLength: 8 }),
    externalId: fc.string({ maxLength: 8 }),
    displayName: fc.string({ maxLength: 8 }),
    active: fc.boolean(),
  });

  it('keeps the laws of and, or and not when matching (property)', () => {
    fc.assert(
      fc.property(filter, filter, person, (a, b, p) => {
        const r = p as unknown as JsonObject;
        expect(matchesFilter({ kind: 'and', left: a, right: b }, r)).toBe(matchesFilter(a, r) && matchesFilter(b, r));
        expect(matchesFilter({ kind: 'or', left: a, right: b }, r)).toBe(matchesFilter(a, r) || matchesFilter(b, r));
        expect(matchesFilter({ kind: 'not', filter: a }, r)).toBe(!matchesFilter(a, r));
      }),
    );
  });

  it('finds by equality exactly what the plan asks for: userName without regard to case, externalId exactly (property)', () => {
    fc.assert(
      fc.property(person, fc.string({ maxLength: 8 }), (p, probe) => {
        const r = p as unknown as JsonObject;
        const byName = matchesFilter(parseFilter(`userName eq ${JSON.stringify(probe)}`), r);
        expect(byName).toBe(p.userName.toLowerCase() === probe.toLowerCase());
        const byExternal = matchesFilter(parseFilter(`externalId eq ${JSON.stringify(probe)}`), r);
        expect(byExternal).toBe(p.externalId === probe);
        expect(planUserFilter(`userName eq ${JSON.stringify(probe)}`)).toEqual([{ attribute: 'userName', value: probe }]);
      }),
    );
  });
});

describe('paging', () => {
  it('counts from 1 and caps the page', () => {
    expect(pageOf({})).toEqual({ startIndex: 1, count: 100, offset: 0 });
    expect(pageOf({ startIndex: '0', count: '-3' })).toEqual({ startIndex: 1, count: 0, offset: 0 });
    expect(pageOf({ startIndex: '51', count: '1000' })).toEqual({ startIndex: 51, count: SCIM_MAX_RESULTS, offset: 50 });
    expect(refusal(() => pageOf({ count: 'zehn' }))).toMatchObject({
      status: 400,
      scimType: 'invalidValue',
      de: '„count“ muss eine ganze Zahl sein.',
    });
  });

  it('never leaves the bounds (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -1e6, max: 1e6 }), (s, c) => {
        const p = pageOf({ startIndex: String(s), count: String(c) });
        expect(p.startIndex).toBeGreaterThanOrEqual(1);
        expect(p.offset).toBe(p.startIndex - 1);
        expect(p.count).toBeGreaterThanOrEqual(0);
        expect(p.count).toBeLessThanOrEqual(SCIM_MAX_RESULTS);
      }),
    );
  });
});

describe('users', () => {
  it('maps the user Entra ID creates', () => {
    expect(parseUser(ENTRA_USER, true)).toEqual({
      userName: 'Test_User_ab6490ee@testuser.com',
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      active: true,
      firstName: 'givenName',
      lastName: 'familyName',
      email: 'Test_User_fd0ea19b@testuser.com',
      employeeNumber: null,
    });
  });

  it('takes names from the display name and the address from the userName when the body has no more', () => {
    expect(parseUser({ schemas: [SCIM_SCHEMAS.user], userName: 'anna.berg@x.de', displayName: 'Anna Maria Berg' }, true)).toMatchObject({
      firstName: 'Anna Maria',
      lastName: 'Berg',
      email: 'anna.berg@x.de',
    });
  });

  it('refuses a body without the User schema, without an address or without a name', () => {
    expect(refusal(() => parseUser({ userName: 'a@b.de' }, true))).toEqual({
      status: 400,
      scimType: 'invalidSyntax',
      de: `Die Anfrage nennt nicht das Schema „${SCIM_SCHEMAS.user}“, das sie hier braucht.`,
      en: `The request does not name the schema "${SCIM_SCHEMAS.user}" it needs here.`,
    });
    expect(refusal(() => parseUser({ schemas: [SCIM_SCHEMAS.user], userName: 'kein-name', name: { familyName: 'X' } }, true)).de).toBe(
      'Buchbar braucht eine gültige E-Mail-Adresse der Person (in „emails“ oder als „userName“).',
    );
    expect(refusal(() => parseUser({ schemas: [SCIM_SCHEMAS.user], userName: 'a@b.de' }, true)).de).toBe(
      'Buchbar braucht einen Nachnamen der Person („name.familyName“ oder „displayName“).',
    );
    expect(
      refusal(() => parseUser({ schemas: [SCIM_SCHEMAS.user], userName: 'a@b.de', displayName: 'A B', active: 'vielleicht' }, true)),
    ).toMatchObject({
      scimType: 'invalidValue',
      de: '„active“ muss true oder false sein.',
    });
  });

  it('reads active as Entra sends it, "False" as a text too', () => {
    expect(scimBoolean('False', true)).toBe(false);
    expect(scimBoolean('TRUE', false)).toBe(true);
    expect(scimBoolean(undefined, true)).toBe(true);
    expect(scimBoolean(false, true)).toBe(false);
  });

  const view = {
    id: '8e7d6c5b-4a39-4281-9f0e-1d2c3b4a5f6e',
    userName: 'Test_User_ab6490ee@testuser.com',
    externalId: 'ext-1',
    firstName: 'givenName',
    lastName: 'familyName',
    email: 'Test_User_fd0ea19b@testuser.com',
    employeeId: null,
    department: null,
    status: 'aktiv',
    created: new Date('2026-03-01T08:00:00Z'),
    lastModified: new Date('2026-03-01T08:00:00Z'),
  };
  const base = 'https://buchung.example.de/scim/v2';

  it('applies the PATCH forms Entra ID sends', () => {
    const user = toScimUser(view, base);
    const changed = applyPatch(
      user,
      patch(
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber', value: '4711' },
        { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager', value: 'm-1' },
      ),
    );
    expect(parseUser(changed, false)).toMatchObject({
      email: 'updatedEmail@microsoft.com',
      lastName: 'updatedFamilyName',
      employeeNumber: '4711',
      active: true,
    });
    expect(parseUser(applyPatch(user, patch({ op: 'Replace', path: 'active', value: 'False' })), false).active).toBe(false);
    expect(parseUser(applyPatch(user, patch({ op: 'replace', value: { active: false } })), false).active).toBe(false);
    expect(
      parseUser(
        applyPatch(
          user,
          patch({ op: 'replace', value: { 'name.givenName': 'Neu', 'emails[type eq "work"].value': 'n@x.de', externalId: 'e2' } }),
        ),
        false,
      ),
    ).toMatchObject({ firstName: 'Neu', email: 'n@x.de', externalId: 'e2' });
    expect(parseUser(applyPatch(user, patch({ op: 'Remove', path: 'externalId' })), false).externalId).toBeNull();
  });

  it('adds a work address to a person who has none', () => {
    const bare: JsonObject = { schemas: [SCIM_SCHEMAS.user], userName: 'u1', name: { familyName: 'F' } };
    const changed = applyPatch(bare, patch({ op: 'Add', path: 'emails[type eq "work"].value', value: 'w@x.de' }));
    expect(changed.emails).toEqual([{ type: 'work', value: 'w@x.de' }]);
  });

  it('refuses broken PATCH requests with SCIM types', () => {
    expect(refusal(() => parsePatchRequest({ Operations: [{ op: 'add', path: 'x', value: 1 }] })).scimType).toBe('invalidSyntax');
    expect(refusal(() => patch()).de).toBe('Eine PATCH-Anfrage braucht eine Liste „Operations“ mit mindestens einer Operation.');
    expect(refusal(() => patch({ op: 'move', path: 'x' })).de).toBe(
      'Die Operation „move“ gibt es nicht; möglich sind add, replace und remove.',
    );
    expect(refusal(() => patch({ op: 'add', path: 'x' })).scimType).toBe('invalidValue');
    expect(refusal(() => applyPatch({}, patch({ op: 'remove' }))).scimType).toBe('noTarget');
    expect(refusal(() => applyPatch({}, patch({ op: 'replace', path: 'emails[type eq "work"', value: 'x' }))).scimType).toBe('invalidPath');
    expect(refusal(() => applyPatch({}, patch({ op: 'replace', path: 'id', value: 'x' }))).scimType).toBe('mutability');
  });

  it('reads the paths of RFC 7644 and of Entra ID', () => {
    expect(parsePatchPath('name.familyName')).toEqual({ attr: 'name', sub: 'familyName' });
    expect(parsePatchPath('members[value eq "2819c223"]')).toMatchObject({
      attr: 'members',
      filter: { kind: 'compare', value: '2819c223' },
    });
    expect(parsePatchPath('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber')).toEqual({
      schema: SCIM_SCHEMAS.enterprise,
      attr: 'employeeNumber',
    });
    expect(parsePatchPath('urn:ietf:params:scim:schemas:core:2.0:User:userName')).toEqual({ attr: 'userName' });
  });

  const text = fc.stringMatching(/^[A-Za-zÄÖÜäöü][A-Za-zÄÖÜäöü -]{0,20}[A-Za-z]$/);
  const address = fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}$/), fc.constantFrom('x.de', 'firma.example.com'))
    .map(([l, d]) => `${l}@${d}`);

  it('a replace of a field is read back as that field, whatever else the person holds (property)', () => {
    fc.assert(
      fc.property(text, text, address, address, fc.boolean(), (given, family, email, next, active) => {
        const user = toScimUser(
          { ...view, firstName: given.trim() || 'A', lastName: family.trim() || 'B', email, status: active ? 'aktiv' : 'inaktiv' },
          base,
        );
        const r = parseUser(
          applyPatch(
            user,
            patch(
              { op: 'replace', path: 'emails[type eq "work"].value', value: next },
              { op: 'replace', path: 'active', value: active ? 'False' : 'True' },
            ),
          ),
          false,
        );
        expect(r.email).toBe(next);
        expect(r.active).toBe(!active);
        expect(r.lastName).toBe(family.trim() || 'B');
      }),
    );
  });

  it('a PATCH changes nothing of the resource it was given, only its copy (property)', () => {
    fc.assert(
      fc.property(text, (name) => {
        const user = toScimUser(view, base);
        const before = JSON.stringify(user);
        applyPatch(user, patch({ op: 'replace', path: 'name.givenName', value: name }, { op: 'remove', path: 'emails' }));
        expect(JSON.stringify(user)).toBe(before);
      }),
    );
  });

  it('projects attributes and keeps id, schemas and meta', () => {
    const user = toScimUser(view, base);
    expect(Object.keys(projectResource(user, 'userName'))).toEqual(['schemas', 'id', 'userName', 'meta']);
    expect(projectResource(user, undefined, 'emails,name')).not.toHaveProperty('emails');
  });
});

describe('groups', () => {
  const current = { displayName: 'Vertrieb', externalId: null };

  it('plans the member changes Entra ID and Okta send', () => {
    expect(
      planGroupPatch(
        current,
        patch(
          { op: 'Add', path: 'members', value: [{ $ref: null, value: 'u1' }, { value: 'u2' }] },
          { op: 'Remove', path: 'members', value: [{ $ref: null, value: 'u2' }] },
          { op: 'remove', path: 'members[value eq "u3"]' },
          { op: 'Replace', path: 'displayName', value: 'Vertrieb Nord' },
        ),
      ),
    ).toEqual({ add: ['u1'], remove: ['u2', 'u3'], removeAll: false, displayName: 'Vertrieb Nord' });
    expect(planGroupPatch(current, patch({ op: 'replace', value: { displayName: 'Neu', members: [{ value: 'u9' }] } }))).toEqual({
      add: [],
      remove: [],
      removeAll: false,
      replaceMembers: ['u9'],
      displayName: 'Neu',
    });
    expect(planGroupPatch(current, patch({ op: 'remove', path: 'members' }))).toMatchObject({ removeAll: true, replaceMembers: [] });
  });

  it('ends with each person either added or removed, as the last operation said (property)', () => {
    const id = fc.constantFrom('a', 'b', 'c', 'd');
    const op = fc.oneof(
      id.map((v) => ({ op: 'add', path: 'members', value: [{ value: v }] })),
      id.map((v) => ({ op: 'remove', path: 'members', value: [{ value: v }] })),
      id.map((v) => ({ op: 'remove', path: `members[value eq "${v}"]` })),
    );
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 12 }), (ops) => {
        const plan = planGroupPatch(current, patch(...ops));
        const last = new Map<string, string>();
        for (const o of ops) last.set((o as { value?: { value: string }[] }).value?.[0]?.value ?? /"(.)"/.exec(o.path)![1]!, o.op);
        for (const [who, what] of last) expect(what === 'add' ? plan.add : plan.remove).toContain(who);
        expect(plan.add.filter((x) => plan.remove.includes(x))).toEqual([]);
      }),
    );
  });

  it('refuses a group without a name or with members that are no ids', () => {
    expect(refusal(() => parseGroup({ schemas: [SCIM_SCHEMAS.group] }, true)).de).toBe('Die Gruppe braucht einen „displayName“.');
    expect(refusal(() => parseGroup({ schemas: [SCIM_SCHEMAS.group], displayName: 'G', members: [{ display: 'x' }] }, true)).scimType).toBe(
      'invalidValue',
    );
    expect(
      parseGroup(
        { schemas: [SCIM_SCHEMAS.group, 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group'], displayName: 'G' },
        true,
      ),
    ).toEqual({
      displayName: 'G',
      externalId: null,
      members: null,
    });
  });
});

describe('tokens and errors', () => {
  it('knows a provisioning token by its shape', () => {
    expect(isScimTokenShape(`bbs_${'A'.repeat(43)}`)).toBe(true);
    expect(isScimTokenShape(`bbr_${'A'.repeat(43)}`)).toBe(false);
  });
  it('checks a new token', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    expect(scimTokenProblem({ name: ' ', expiresAt: new Date('2026-04-01') }, now)).toBe('nameMissing');
    expect(scimTokenProblem({ name: 'Entra', expiresAt: new Date('2026-02-01') }, now)).toBe('expiryPast');
    expect(scimTokenProblem({ name: 'Entra', expiresAt: new Date('2027-06-01') }, now)).toBe('expiryTooFar');
    expect(scimTokenProblem({ name: 'Entra', expiresAt: new Date('2027-01-01') }, now)).toBeNull();
  });
  it('writes the error schema of RFC 7644 with the status as text', () => {
    expect(errorBody(409, 'uniqueness', 'x')).toEqual({
      schemas: [SCIM_SCHEMAS.error],
      status: '409',
      scimType: 'uniqueness',
      detail: 'x',
    });
    expect(errorBody(404, null, 'y')).toEqual({ schemas: [SCIM_SCHEMAS.error], status: '404', detail: 'y' });
  });
});

describe('sorting (RFC 7644 §3.4.2.3)', () => {
  it('reads sortBy without regard to case, with or without the schema URN, and sortOrder ascending by default', () => {
    expect(userSortOf({ sortBy: 'userName' })).toEqual({ key: 'userName', descending: false });
    expect(userSortOf({ sortBy: 'urn:ietf:params:scim:schemas:core:2.0:User:Name.FamilyName', sortOrder: 'DESCENDING' })).toEqual({
      key: 'familyName',
      descending: true,
    });
    expect(userSortOf({ sortBy: 'emails' })).toEqual({ key: 'email', descending: false });
    expect(groupSortOf({ sortBy: 'meta.lastModified', sortOrder: 'ascending' })).toEqual({ key: 'lastModified', descending: false });
  });
  it('without sortBy keeps Buchbar’s order and ignores sortOrder, but still refuses a sortOrder that is neither', () => {
    expect(userSortOf({})).toBeNull();
    expect(userSortOf({ sortOrder: 'descending' })).toBeNull();
    expect(() => userSortOf({ sortOrder: 'abwärts' })).toThrow('„sortOrder“ ist „ascending“ oder „descending“, nicht „abwärts“.');
  });
  it('names what it can sort by when asked for something else', () => {
    expect(() => groupSortOf({ sortBy: 'members' })).toThrow(
      'Nach „members“ kann Buchbar nicht sortieren. Möglich sind: displayName, externalId, meta.created, meta.lastModified, id.',
    );
    // A User attribute is no Group attribute, even with the Group's URN around it.
    expect(() => groupSortOf({ sortBy: 'urn:ietf:params:scim:schemas:core:2.0:Group:userName' })).toThrow('kann Buchbar nicht sortieren');
  });
});

describe('versions (RFC 7644 §3.14)', () => {
  const person = {
    id: '5b1f3c57-8d0e-4b8e-9a52-6f1c1d7f0a11',
    userName: 'eva@example.test',
    externalId: null,
    firstName: 'Eva',
    lastName: 'Muster',
    email: 'eva@example.test',
    employeeId: null,
    department: null,
    status: 'aktiv',
    created: new Date('2026-01-01T00:00:00Z'),
    lastModified: new Date('2026-01-01T00:00:00Z'),
  };
  const versionOf = (p: typeof person) => (toScimUser(p, 'https://x.test/scim/v2').meta as JsonObject).version;

  it('is a weak tag over what the resource says, not over its stamps', () => {
    expect(versionOf(person)).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    expect(versionOf({ ...person, lastModified: new Date('2026-06-01T00:00:00Z') })).toBe(versionOf(person));
    expect(versionOf({ ...person, lastName: 'Musterfrau' })).not.toBe(versionOf(person));
    expect(versionOf({ ...person, status: 'inaktiv' })).not.toBe(versionOf(person));
  });

  it('equal content gives equal versions, different content different ones', () => {
    const content = fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean()));
    fc.assert(
      fc.property(content, content, (a, b) => {
        const same = JSON.stringify(a) === JSON.stringify(b);
        expect(scimVersion(a) === scimVersion(b)).toBe(same);
      }),
    );
  });

  it('a group’s version follows its members even where they are not shown', () => {
    const g = { id: 'g', name: 'Fahrdienst', externalId: null, membersStamp: 'a' };
    expect(groupVersion(g)).toBe(groupVersion({ ...g }));
    expect(groupVersion({ ...g, membersStamp: 'b' })).not.toBe(groupVersion(g));
  });

  it('reads If-Match and If-None-Match lists, strong or weak, and * for any', () => {
    expect(entityTags('W/"abc", "def" ,*')).toEqual(['W/"abc"', '"def"', '*']);
    expect(entityTags(undefined)).toEqual([]);
    expect(tagsMatch(entityTags('"abc"'), 'W/"abc"')).toBe(true);
    expect(tagsMatch(entityTags('W/"abd"'), 'W/"abc"')).toBe(false);
    expect(tagsMatch(['*'], 'W/"abc"')).toBe(true);
  });

  it('refuses a change whose If-Match names another version with 412, and lets one without If-Match through', () => {
    expect(() => assertIfMatch('W/"old"', 'W/"new"')).toThrow(
      'Die Ressource wurde geändert, seit sie gelesen wurde (If-Match passt nicht zur Version). Bitte lesen Sie sie neu und wiederholen Sie die Änderung.',
    );
    expect(() => assertIfMatch(undefined, 'W/"new"')).not.toThrow();
    expect(() => assertIfMatch('W/"old", W/"new"', 'W/"new"')).not.toThrow();
  });
});
