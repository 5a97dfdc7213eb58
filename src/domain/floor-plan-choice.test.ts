import { describe, expect, it } from 'vitest';
import { shownFloorPlanId } from './floor-plan-choice';

const plans = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

describe('shownFloorPlanId', () => {
  it('takes the plan of the link, else the favourite, else the first, and none without plans', () => {
    expect(shownFloorPlanId(plans, 'b', 'c')).toBe('c');
    expect(shownFloorPlanId(plans, 'b', 'unbekannt')).toBe('b');
    expect(shownFloorPlanId(plans, null, undefined)).toBe('a');
    expect(shownFloorPlanId([], null, 'a')).toBeNull();
  });
});
