import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Feature } from './navigation';
import { ADMIN_ROUTE_RULES, PERMISSIONS } from './permissions';
import { type Caller, checkAccess, type RouteAccess } from './route-access';

const FEATURES: Feature[] = ['fahrzeug', 'leseraum', 'arbeitswelt', 'gastbuchung'];
const caller = (perms: string[], opts: Partial<Caller> = {}): Caller => ({
  signedIn: true,
  operator: false,
  permissions: new Set(perms),
  features: new Set(FEATURES),
  ...opts,
});

const accessArb: fc.Arbitrary<RouteAccess> = fc.oneof(
  fc.constant<RouteAccess>({ kind: 'public' }),
  fc.constant<RouteAccess>({ kind: 'operator' }),
  fc
    .option(fc.constantFrom(...FEATURES), { nil: undefined })
    .map((feature): RouteAccess => ({ kind: 'signedIn', ...(feature ? { feature } : {}) })),
  fc
    .tuple(fc.constantFrom(...ADMIN_ROUTE_RULES.map((r) => r.path), '/admin'), fc.option(fc.constantFrom(...FEATURES), { nil: undefined }))
    .map(([section, feature]): RouteAccess => ({ kind: 'section', section, ...(feature ? { feature } : {}) })),
  fc
    .tuple(fc.constantFrom(...PERMISSIONS), fc.option(fc.constantFrom(...FEATURES), { nil: undefined }))
    .map(([permission, feature]): RouteAccess => ({ kind: 'permission', permission, ...(feature ? { feature } : {}) })),
  fc
    .tuple(fc.constantFrom(...PERMISSIONS), fc.subarray([...PERMISSIONS]))
    .map(([first, rest]): RouteAccess => ({ kind: 'anyPermission', permissions: [first, ...rest] })),
  fc.constantFrom(...PERMISSIONS).map((permission): RouteAccess => ({ kind: 'sectionOrPermission', section: '/admin/raeume', permission })),
);
const permsArb = fc.subarray([...PERMISSIONS]);
const featuresArb = fc.subarray(FEATURES);

describe('checkAccess', () => {
  it('asks nothing of public routes', () => {
    expect(checkAccess({ kind: 'public' }, caller([], { signedIn: false }))).toEqual({ allowed: true });
  });

  it('refuses every other route to a visitor who is not signed in', () => {
    fc.assert(
      fc.property(accessArb, permsArb, (access, perms) => {
        fc.pre(access.kind !== 'public');
        const result = checkAccess(access, caller(perms, { signedIn: false }));
        expect(result.allowed).toBe(false);
      }),
    );
  });

  it('names the admin guard denial of docs/product.md#route-guard for sections', () => {
    expect(checkAccess({ kind: 'section', section: '/admin/benutzer' }, caller([]))).toEqual({
      allowed: false,
      refusal: { code: 'forbidden', denial: 'no admin' },
    });
    expect(checkAccess({ kind: 'section', section: '/admin/benutzer' }, caller(['objekt_pflege']))).toEqual({
      allowed: false,
      refusal: { code: 'forbidden', denial: 'no benutzer' },
    });
    expect(checkAccess({ kind: 'section', section: '/admin/rollen' }, caller(['benutzer_pflegen']))).toEqual({
      allowed: false,
      refusal: { code: 'forbidden', denial: 'no rolle/gruppe' },
    });
    expect(checkAccess({ kind: 'section', section: '/admin/lokationen' }, caller(['objekt_pflege']))).toEqual({ allowed: true });
  });

  it('checks the section before the feature and the feature before a single permission', () => {
    const noVehicles = caller([], { features: new Set(['leseraum']) });
    expect(checkAccess({ kind: 'section', section: '/admin/fahrzeuge', feature: 'fahrzeug' }, noVehicles)).toEqual({
      allowed: false,
      refusal: { code: 'forbidden', denial: 'no admin' },
    });
    expect(checkAccess({ kind: 'permission', permission: 'fahrzeug_freigabe_von_sonderfahrten', feature: 'fahrzeug' }, noVehicles)).toEqual(
      {
        allowed: false,
        refusal: { code: 'feature_disabled', feature: 'fahrzeug' },
      },
    );
    expect(checkAccess({ kind: 'permission', permission: 'fahrzeug_freigabe_von_sonderfahrten', feature: 'fahrzeug' }, caller([]))).toEqual(
      {
        allowed: false,
        refusal: { code: 'forbidden', denial: 'no fahrzeug_freigabe_von_sonderfahrten' },
      },
    );
  });

  it('lets the single permission open a section-or-permission route on its own', () => {
    const access: RouteAccess = { kind: 'sectionOrPermission', section: '/admin/raeume', permission: 'oeffnungszeiten_pflege' };
    expect(checkAccess(access, caller(['oeffnungszeiten_pflege']))).toEqual({ allowed: true });
    expect(checkAccess(access, caller(['objekt_pflege']))).toEqual({
      allowed: false,
      refusal: { code: 'forbidden', denial: 'no ausstattung' },
    });
  });

  it('lets any one of several permissions pass and names the first when none is held', () => {
    const access: RouteAccess = { kind: 'anyPermission', permissions: ['fahrzeug_buchen', 'fahrzeug_pflege'], feature: 'fahrzeug' };
    expect(checkAccess(access, caller(['fahrzeug_pflege']))).toEqual({ allowed: true });
    expect(checkAccess(access, caller(['objekt_pflege']))).toEqual({
      allowed: false,
      refusal: { code: 'forbidden', denial: 'no fahrzeug_buchen' },
    });
  });

  it('opens operator routes to the operator only, whatever a tenant member holds', () => {
    fc.assert(
      fc.property(permsArb, (perms) => {
        expect(checkAccess({ kind: 'operator' }, caller(perms)).allowed).toBe(false);
        expect(checkAccess({ kind: 'operator' }, caller(perms, { operator: true })).allowed).toBe(true);
      }),
    );
  });

  it('is monotone: more permissions or features never turn an allowed route into a refused one', () => {
    fc.assert(
      fc.property(accessArb, permsArb, permsArb, featuresArb, featuresArb, (access, a, b, fa, fb) => {
        const small = caller(a, { features: new Set(fa) });
        const big = caller([...a, ...b], { features: new Set([...fa, ...fb]) });
        if (checkAccess(access, small).allowed) expect(checkAccess(access, big).allowed).toBe(true);
      }),
    );
  });
});
