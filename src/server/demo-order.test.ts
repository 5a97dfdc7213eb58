import { describe, expect, it } from 'vitest';
import { AREAS } from './areas/index';
import { demoOrder } from './demo-order';
import type { AreaManifest } from './kernel/area';

const run = async () => {};
const area = (name: string, after?: string[]): AreaManifest => ({ name, ...(after ? { demo: { after, run } } : {}) });

describe('demoOrder', () => {
  it('runs every step after the steps it names, ties by area name, whatever the order of the list', () => {
    const list = [
      area('vehicles', ['tenant']),
      area('guests', ['vehicles']),
      area('tenant', []),
      area('handbook'),
      area('calendar', ['tenant']),
    ];
    const names = (l: AreaManifest[]) => demoOrder(l).map((s) => s.area);
    expect(names(list)).toEqual(['tenant', 'calendar', 'vehicles', 'guests']);
    expect(names([...list].reverse())).toEqual(['tenant', 'calendar', 'vehicles', 'guests']);
  });

  it('refuses a step after an area without one, and steps that wait for each other', () => {
    expect(() => demoOrder([area('guests', ['vehicles'])])).toThrow('Demo step of guests runs after vehicles, which has no demo step');
    expect(() => demoOrder([area('a', ['b']), area('b', ['a'])])).toThrow('Demo steps wait for each other: a, b');
  });

  it('orders the demo of the areas: the demo tenants first, then what builds on them', () => {
    expect(demoOrder(AREAS).map((s) => s.area)).toEqual([
      'tenant',
      'driver-instruction',
      'driving-licences',
      'reading-rooms',
      'evaluation',
      'occupancy',
      'session',
      'vehicles',
      'guests',
      'logbook',
      'vehicle-care',
      'fleet-costs',
      'trip-checklist',
    ]);
  });
});
