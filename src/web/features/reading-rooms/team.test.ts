import type { MapObjectDto } from '@contracts/reading-rooms';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nearestFreeDesk, teamByDesk } from './team';

const desk = (designation: string, x: number, y: number, state: MapObjectDto['state'] = 'frei', kind: MapObjectDto['kind'] = 'platz') =>
  ({ id: designation, designation, kind, x, y, state }) as MapObjectDto;

describe('nearestFreeDesk', () => {
  const objects = [desk('T-01', 10, 10, 'belegt'), desk('T-02', 20, 10), desk('T-03', 10, 30), desk('T-04', 12, 10, 'belegt')];

  it('takes the closest free desk, not an occupied one', () => {
    expect(nearestFreeDesk(objects, 'T-01', 1)?.designation).toBe('T-02');
  });

  it('measures on the plan: a wide plan makes vertical steps shorter', () => {
    // 10 % of the height of a plan half as high as wide is 5 % of its width.
    expect(nearestFreeDesk(objects, 'T-01', 0.4)?.designation).toBe('T-03');
  });

  it('skips rooms, and finds nothing when nothing is free or the desk is unknown', () => {
    expect(nearestFreeDesk([desk('T-01', 10, 10), desk('Raum', 11, 10, 'frei', 'raum')], 'T-01', 1)).toBeNull();
    expect(nearestFreeDesk([desk('T-01', 10, 10), desk('T-02', 20, 10, 'belegt')], 'T-01', 1)).toBeNull();
    expect(nearestFreeDesk(objects, 'X', 1)).toBeNull();
  });

  it('property: no other free desk is closer than the one chosen', () => {
    const point = fc.record({ x: fc.integer({ min: 0, max: 100 }), y: fc.integer({ min: 0, max: 100 }), free: fc.boolean() });
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 30 }), fc.double({ min: 0.2, max: 3, noNaN: true }), (points, aspect) => {
        const list = points.map((p, i) => desk(`T-${String(i).padStart(2, '0')}`, p.x, p.y, p.free ? 'frei' : 'belegt'));
        const from = list[0]!;
        const chosen = nearestFreeDesk(list, from.id, aspect);
        const free = list.filter((o) => o.id !== from.id && o.state === 'frei');
        const dist = (o: MapObjectDto) => Math.hypot(o.x - from.x, (o.y - from.y) * aspect);
        if (free.length === 0) expect(chosen).toBeNull();
        else for (const o of free) expect(dist(chosen!)).toBeLessThanOrEqual(dist(o));
      }),
    );
  });
});

describe('teamByDesk', () => {
  it('maps every desk of a colleague to their initials and name', () => {
    const map = teamByDesk([
      {
        id: 'a',
        name: 'Frieda Frei',
        initials: 'FF',
        relation: 'abteilung',
        desks: [{ bookingId: 'b', objectId: 'T-31', objectName: 'T-31', floorPlanId: 'p', floorPlanName: 'P', von: '', bis: '' }],
      },
    ]);
    expect(map.get('T-31')).toEqual({ name: 'Frieda Frei', initials: 'FF' });
    expect(teamByDesk(undefined).size).toBe(0);
  });
});
