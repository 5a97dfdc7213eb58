import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';

const caughtEnglish = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof AppError) return e.text('en-us');
  }
  return '';
};

import {
  initialsOf,
  MAX_TEAM_FAVOURITES,
  normaliseTeamFavourites,
  shownFavourites,
  sitterOf,
  type TeamCandidate,
  type TeamViewer,
  teamRelation,
  visibleColleagues,
} from './team-seating';

const viewer: TeamViewer = { tenantId: 'sw', id: 'max', departmentId: 'kundenservice', consented: true, favouriteIds: ['felix'] };
const person = (id: string, over: Partial<TeamCandidate> = {}): TeamCandidate => ({
  tenantId: 'sw',
  id,
  departmentId: 'verwaltung',
  consented: true,
  active: true,
  ...over,
});

describe('teamRelation', () => {
  it('shows a consenting colleague of the same department', () => {
    expect(teamRelation(true, viewer, person('kim', { departmentId: 'kundenservice' }))).toBe('abteilung');
  });

  it('shows a consenting favourite of another department', () => {
    expect(teamRelation(true, viewer, person('felix'))).toBe('favorit');
  });

  it('shows nobody while the tenant has the feature off', () => {
    expect(teamRelation(false, viewer, person('kim', { departmentId: 'kundenservice' }))).toBeNull();
    expect(teamRelation(false, viewer, person('felix'))).toBeNull();
  });

  it('shows nobody to a viewer who has not agreed, and nobody who has not agreed', () => {
    expect(teamRelation(true, { ...viewer, consented: false }, person('felix'))).toBeNull();
    expect(teamRelation(true, viewer, person('felix', { consented: false }))).toBeNull();
    expect(teamRelation(true, viewer, person('kim', { departmentId: 'kundenservice', consented: false }))).toBeNull();
  });

  it('never shows someone of another tenant, even with the same ids', () => {
    expect(teamRelation(true, viewer, person('felix', { tenantId: 'bib' }))).toBeNull();
    expect(teamRelation(true, viewer, person('kim', { tenantId: 'bib', departmentId: 'kundenservice' }))).toBeNull();
  });

  it('leaves out the viewer, inactive people and people without a shared department who are no favourite', () => {
    expect(teamRelation(true, viewer, person('max', { departmentId: 'kundenservice' }))).toBeNull();
    expect(teamRelation(true, viewer, person('felix', { active: false }))).toBeNull();
    expect(teamRelation(true, viewer, person('otto'))).toBeNull();
    // No department is not a shared department.
    expect(teamRelation(true, { ...viewer, departmentId: null }, person('otto', { departmentId: null }))).toBeNull();
  });

  it('property: a shown colleague always has the tenant on, both consents, the same tenant and a reason', () => {
    const id = fc.constantFrom('a', 'b', 'c', 'd');
    const dep = fc.option(fc.constantFrom('x', 'y'), { nil: null });
    const tenant = fc.constantFrom('t1', 't2');
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.record({ tenantId: tenant, id, departmentId: dep, consented: fc.boolean(), favouriteIds: fc.array(id) }),
        fc.array(fc.record({ tenantId: tenant, id, departmentId: dep, consented: fc.boolean(), active: fc.boolean() })),
        (enabled, v, candidates) => {
          const shown = visibleColleagues(enabled, v, candidates);
          for (const { colleague: c, relation } of shown) {
            expect(enabled && v.consented && c.consented && c.active).toBe(true);
            expect(c.tenantId).toBe(v.tenantId);
            expect(c.id).not.toBe(v.id);
            if (relation === 'abteilung') expect(c.departmentId !== null && c.departmentId === v.departmentId).toBe(true);
            else expect(v.favouriteIds).toContain(c.id);
          }
          // Withdrawing the viewer's consent or switching the tenant off hides everybody.
          expect(visibleColleagues(false, v, candidates)).toEqual([]);
          expect(visibleColleagues(enabled, { ...v, consented: false }, candidates)).toEqual([]);
          // A candidate who withdraws consent disappears, nobody else changes.
          const withdrawn = candidates.map((c, i) => (i === 0 ? { ...c, consented: false } : c));
          expect(visibleColleagues(enabled, v, withdrawn).map((s) => s.colleague)).toEqual(
            shown.map((s) => s.colleague).filter((c) => c !== candidates[0]),
          );
        },
      ),
    );
  });
});

describe('sitterOf', () => {
  it('is the person a pre-booking is for, otherwise the booker', () => {
    expect(sitterOf({ bookerId: 'anna', confirmingId: 'max' })).toBe('max');
    expect(sitterOf({ bookerId: 'anna', confirmingId: null })).toBe('anna');
  });
});

describe('initialsOf', () => {
  it('takes the first letter of first and last name', () => {
    expect(initialsOf('Frieda', 'Frei')).toBe('FF');
    expect(initialsOf('paul', 'Prüfer')).toBe('PP');
    expect(initialsOf(' Özlem ', 'Ünal')).toBe('ÖÜ');
    expect(initialsOf('', '')).toBe('?');
  });
});

describe('normaliseTeamFavourites', () => {
  it('drops duplicates and the person themself', () => {
    expect(normaliseTeamFavourites('max', ['felix', 'max', 'felix', 'frieda'])).toEqual(['felix', 'frieda']);
  });

  it(`refuses more than ${MAX_TEAM_FAVOURITES} favourites with a clear message`, () => {
    const ids = Array.from({ length: MAX_TEAM_FAVOURITES + 1 }, (_, i) => `p${i}`);
    expect(() => normaliseTeamFavourites('max', ids)).toThrow('Höchstens 50 Favoriten sind möglich.');
    expect(caughtEnglish(() => normaliseTeamFavourites('max', ids))).toBe('At most 50 favourites are possible.');
    expect(normaliseTeamFavourites('max', [...ids.slice(0, MAX_TEAM_FAVOURITES), 'max'])).toHaveLength(MAX_TEAM_FAVOURITES);
  });

  it('property: the result is unique, never holds the person and keeps the order of first mention', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'self'), { maxLength: 20 }), (ids) => {
        const out = normaliseTeamFavourites('self', ids);
        expect(new Set(out).size).toBe(out.length);
        expect(out).not.toContain('self');
        expect(out).toEqual(ids.filter((id, i) => id !== 'self' && ids.indexOf(id) === i));
      }),
    );
  });
});

describe('shownFavourites', () => {
  it('hides a favourite who withdrew consent, left or belongs to another tenant, keeping the chosen order', () => {
    const v = { tenantId: 'sw', favouriteIds: ['felix', 'kim', 'lea', 'ole', 'frieda'] };
    const people = [
      person('frieda'),
      person('felix', { consented: false }),
      person('kim', { active: false }),
      person('lea', { tenantId: 'ub' }),
      person('ole'),
    ];
    expect(shownFavourites(v, people).map((p) => p.id)).toEqual(['ole', 'frieda']);
  });

  it('property: a shown favourite is on the list, active, agreeing and of the tenant; withdrawing hides exactly that person', () => {
    const id = fc.constantFrom('a', 'b', 'c', 'd');
    const tenant = fc.constantFrom('t1', 't2');
    fc.assert(
      fc.property(
        fc.record({ tenantId: tenant, favouriteIds: fc.array(id) }),
        fc.uniqueArray(
          fc.record({ tenantId: tenant, id, departmentId: fc.constant(null), consented: fc.boolean(), active: fc.boolean() }),
          {
            selector: (p) => p.id,
          },
        ),
        (v, people) => {
          const shown = shownFavourites(v, people);
          for (const p of shown) {
            expect(p.active && p.consented && p.tenantId === v.tenantId && v.favouriteIds.includes(p.id)).toBe(true);
          }
          expect(new Set(shown.map((p) => p.id)).size).toBe(shown.length);
          const first = people[0];
          if (first) {
            const withdrawn = people.map((p) => (p === first ? { ...p, consented: false } : p));
            expect(shownFavourites(v, withdrawn)).toEqual(shown.filter((p) => p !== first));
          }
        },
      ),
    );
  });
});
