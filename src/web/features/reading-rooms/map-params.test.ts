import { describe, expect, it } from 'vitest';
import { mapParamsOf } from './map-params';

const plan = (id: string) => ({ id, name: id, area: 'leseraum' as const, imageUrl: null, imageWidth: null, imageHeight: null }) as never;
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const boot = (favourite: string | null = null) => ({
  floorPlans: [plan(A), plan(B)],
  favourites: { floorPlanId: favourite, objectIds: [] },
  today: '2026-11-22',
});

describe('mapParamsOf', () => {
  it('shows the plan of the link, else the favourite plan, else the first', () => {
    expect(mapParamsOf(boot(A), { grundriss: B })?.planId).toBe(B);
    expect(mapParamsOf(boot(B), {})?.planId).toBe(B);
    expect(mapParamsOf(boot(), {})?.planId).toBe(A);
    expect(mapParamsOf(boot(B), { grundriss: '33333333-3333-4333-8333-333333333333' })?.planId).toBe(B);
  });
  it('takes day, booking mode and hours from the link, else today all day', () => {
    expect(mapParamsOf(boot(), {})).toEqual({ planId: A, date: '2026-11-22', mode: 'ganztags', von: undefined, bis: undefined });
    expect(mapParamsOf(boot(), { datum: '2026-11-24', tageszeit: 'vormittags' })).toMatchObject({ date: '2026-11-24', mode: 'vormittags' });
    expect(mapParamsOf(boot(), { buchungsmodus: 'stuendlich', tageszeit: 'vormittags', von: '09:00', bis: '11:00' })).toMatchObject({
      mode: 'stuendlich',
      von: '09:00',
      bis: '11:00',
    });
  });
  it('has nothing to show without floor plans', () => {
    expect(mapParamsOf({ floorPlans: [], favourites: { floorPlanId: null, objectIds: [] }, today: '2026-11-22' }, {})).toBeNull();
  });
});
