import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  auditChanges,
  type NamedSources,
  normaliseGrants,
  permissionProvenance,
  permissionsLost,
  withoutGroup,
  withoutRole,
} from './access-admin';
import { PERMISSIONS, resolvePermissions } from './permissions';

const grant = (name: string, value = 'true') => ({ name, value });
const fleet = { id: 'r1', name: 'Fuhrpark', permissions: [grant('fahrzeug_pflege'), grant('fahrzeug_buchen')] };
const booker = { id: 'r2', name: 'Buchende', permissions: [grant('fahrzeug_buchen')] };
const src: NamedSources = {
  direct: [grant('fahrzeug_fuehrerscheinpruefung'), grant('fahrzeug_fremdbuchung', 'false')],
  roles: [fleet],
  groups: [{ id: 'g1', name: 'Alle Mitarbeitenden', roles: [booker] }],
};

const grantArb = fc.record({ name: fc.constantFrom(...PERMISSIONS, 'unbekannt'), value: fc.constantFrom('true', 'false', 'TRUE') });
const roleArb = fc.record({ id: fc.constantFrom('r1', 'r2', 'r3'), name: fc.string(), permissions: fc.array(grantArb, { maxLength: 5 }) });
const sourcesArb: fc.Arbitrary<NamedSources> = fc.record({
  direct: fc.array(grantArb, { maxLength: 4 }),
  roles: fc.array(roleArb, { maxLength: 3 }),
  groups: fc.array(fc.record({ id: fc.constantFrom('g1', 'g2'), name: fc.string(), roles: fc.array(roleArb, { maxLength: 2 }) }), {
    maxLength: 2,
  }),
});

describe('permissionProvenance', () => {
  it('names every path of each effective permission: direct, role, group with its role', () => {
    expect(permissionProvenance(src, PERMISSIONS)).toEqual([
      { permission: 'fahrzeug_pflege', via: [{ kind: 'role', role: 'Fuhrpark' }] },
      {
        permission: 'fahrzeug_buchen',
        via: [
          { kind: 'role', role: 'Fuhrpark' },
          { kind: 'group', group: 'Alle Mitarbeitenden', role: 'Buchende' },
        ],
      },
      { permission: 'fahrzeug_fuehrerscheinpruefung', via: [{ kind: 'direct' }] },
    ]);
  });

  it('lists exactly the permissions resolvePermissions grants', () => {
    fc.assert(
      fc.property(sourcesArb, (s) => {
        expect(new Set(permissionProvenance(s, PERMISSIONS).map((e) => e.permission))).toEqual(resolvePermissions(s));
      }),
    );
  });
});

describe('permissionsLost', () => {
  it('names what goes with a role and nothing another path still grants', () => {
    expect(permissionsLost(src, withoutRole(src, 'r1'))).toEqual(['fahrzeug_pflege']);
    expect(permissionsLost(src, withoutGroup(src, 'g1'))).toEqual([]);
    expect(permissionsLost(src, withoutRole(src, 'r2'))).toEqual([]);
  });

  it('never names a permission that is kept, and removing nothing loses nothing', () => {
    fc.assert(
      fc.property(sourcesArb, fc.constantFrom('r1', 'r2', 'r3'), fc.constantFrom('g1', 'g2'), (s, role, group) => {
        expect(permissionsLost(s, s)).toEqual([]);
        for (const after of [withoutRole(s, role), withoutGroup(s, group)]) {
          const kept = resolvePermissions(after);
          const lost = permissionsLost(s, after);
          for (const p of lost) expect(kept.has(p)).toBe(false);
          expect(new Set([...kept, ...lost])).toEqual(resolvePermissions(s));
        }
      }),
    );
  });
});

describe('auditChanges', () => {
  it('records each changed field old → new and compares lists as sets', () => {
    expect(
      auditChanges(
        { Name: 'Fuhrpark', Rechte: ['fahrzeug_pflege', 'fahrzeug_buchen'], Abteilung: null },
        { Name: 'Fuhrparkleitung', Rechte: ['fahrzeug_buchen', 'fahrzeug_pflege'], Abteilung: 'Technik' },
      ),
    ).toEqual([
      { field: 'Name', old: 'Fuhrpark', new: 'Fuhrparkleitung' },
      { field: 'Abteilung', old: null, new: 'Technik' },
    ]);
  });

  it('is empty exactly when nothing changed', () => {
    const rec = fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.oneof(fc.string(), fc.constant(null)));
    fc.assert(
      fc.property(rec, rec, (a, b) => {
        expect(auditChanges(a, a)).toEqual([]);
        const changes = auditChanges(a, b);
        for (const c of changes) expect(c.old).not.toEqual(c.new);
        expect(new Set(changes.map((c) => c.field)).size).toBe(changes.length);
      }),
    );
  });
});

describe('normaliseGrants', () => {
  it('keeps known permissions once with the value true or false', () => {
    expect(
      normaliseGrants([grant('fahrzeug_buchen', 'TRUE'), grant('unbekannt'), grant('fahrzeug_buchen'), grant('objekt_pflege', 'false')]),
    ).toEqual([
      { name: 'fahrzeug_buchen', value: 'true' },
      { name: 'objekt_pflege', value: 'false' },
    ]);
  });
});
