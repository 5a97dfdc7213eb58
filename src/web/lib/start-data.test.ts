import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { guestKeys } from '../features/guests/api/keys';
import { readingRoomKeys } from '../features/reading-rooms/api/keys';
import { tenantQueryKey } from '../features/tenant/api/use-tenant';
import { seedStartData } from './start-data';
import { meQueryKey } from './use-me';

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
    seedStartData(client, page.doc);
    expect(client.getQueryData(tenantQueryKey)).toEqual({ id: 't1', name: 'Stadtwerke' });
    expect(client.getQueryData(meQueryKey)).toEqual({ user: { id: 'u1' } });
    expect(page.removed()).toBe(true);
  });

  it('leaves the person to the server on a page without one, and everything on a page without data', () => {
    const visitor = new QueryClient();
    seedStartData(visitor, pageWith(JSON.stringify({ tenant: { id: 't1' } })).doc);
    expect(visitor.getQueryData(tenantQueryKey)).toEqual({ id: 't1' });
    expect(visitor.getQueryData(meQueryKey)).toBeUndefined();
    const offline = new QueryClient();
    seedStartData(offline, pageWith(null).doc);
    seedStartData(offline, pageWith('{ kaputt').doc);
    expect(offline.getQueryData(tenantQueryKey)).toBeUndefined();
    expect(offline.getQueryData(meQueryKey)).toBeUndefined();
  });

  it('starts a map of reading rooms or workplaces with the start-up data of its area', () => {
    const client = new QueryClient();
    const readingRooms = { area: 'arbeitswelt', floorPlans: [{ id: 'p1' }], favourites: { floorPlanId: null, objectIds: [] } };
    seedStartData(client, pageWith(JSON.stringify({ tenant: { id: 't1' }, me: { user: { id: 'u1' } }, readingRooms })).doc);
    expect(client.getQueryData(readingRoomKeys.bootstrap('arbeitswelt'))).toEqual(readingRooms);
    expect(client.getQueryData(readingRoomKeys.bootstrap('leseraum'))).toBeUndefined();
  });

  it('starts the page of the guest rental knowing whether the rental is on', () => {
    const client = new QueryClient();
    const rental = { active: true, tenantName: 'Tourismus', phoneRequired: false, contact: '' };
    seedStartData(client, pageWith(JSON.stringify({ tenant: { id: 't1' }, rental })).doc);
    expect(client.getQueryData(guestKeys.rentalInfo)).toEqual(rental);
  });
});
