import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type StartDataKeys, seedStartData } from './start-data';
import { meQueryKey } from './use-me';
import { tenantQueryKey } from './use-tenant';

/** Keys as the features hand them over in main.tsx. */
const keys: StartDataKeys = {
  readingRoomBootstrap: (area) => ['reading-rooms', 'bootstrap', area],
  rentalInfo: ['public-rental', 'info'],
};

/** A page with or without the start data element, as far as seedStartData reads it. */
function pageWith(text: string | null) {
  const state = { removed: false };
  const remove = () => {
    state.removed = true;
  };
  const element = text === null ? null : { textContent: text, remove };
  return { doc: { getElementById: () => element } as unknown as Document, removed: () => state.removed };
}

describe('seedStartData', () => {
  it('starts the app with the tenant and the signed-in person, and takes the element out of the page', () => {
    const client = new QueryClient();
    const page = pageWith(JSON.stringify({ tenant: { id: 't1', name: 'Stadtwerke' }, me: { user: { id: 'u1' } } }));
    seedStartData(client, keys, page.doc);
    expect(client.getQueryData(tenantQueryKey)).toEqual({ id: 't1', name: 'Stadtwerke' });
    expect(client.getQueryData(meQueryKey)).toEqual({ user: { id: 'u1' } });
    expect(page.removed()).toBe(true);
  });

  it('leaves the person to the server on a page without one, and everything on a page without data', () => {
    const visitor = new QueryClient();
    seedStartData(visitor, keys, pageWith(JSON.stringify({ tenant: { id: 't1' } })).doc);
    expect(visitor.getQueryData(tenantQueryKey)).toEqual({ id: 't1' });
    expect(visitor.getQueryData(meQueryKey)).toBeUndefined();
    const offline = new QueryClient();
    seedStartData(offline, keys, pageWith(null).doc);
    seedStartData(offline, keys, pageWith('{ kaputt').doc);
    expect(offline.getQueryData(tenantQueryKey)).toBeUndefined();
    expect(offline.getQueryData(meQueryKey)).toBeUndefined();
  });

  it('starts a map of reading rooms or workplaces with the start-up data of its area', () => {
    const client = new QueryClient();
    const readingRooms = { area: 'arbeitswelt', floorPlans: [{ id: 'p1' }], favourites: { floorPlanId: null, objectIds: [] } };
    seedStartData(client, keys, pageWith(JSON.stringify({ tenant: { id: 't1' }, me: { user: { id: 'u1' } }, readingRooms })).doc);
    expect(client.getQueryData(keys.readingRoomBootstrap('arbeitswelt'))).toEqual(readingRooms);
    expect(client.getQueryData(keys.readingRoomBootstrap('leseraum'))).toBeUndefined();
  });

  it('starts the page of the guest rental knowing whether the rental is on', () => {
    const client = new QueryClient();
    const rental = { active: true, tenantName: 'Tourismus', phoneRequired: false, contact: '' };
    seedStartData(client, keys, pageWith(JSON.stringify({ tenant: { id: 't1' }, rental })).doc);
    expect(client.getQueryData(keys.rentalInfo)).toEqual(rental);
  });
});
