import { encodePng } from '@db/seed/reading-room-plan-image';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { BIB, book, floorPlanIds, inDays, map, multipart, objectIds, SW, TOUR, tenantIds } from './reading-room-support';

const png = () => encodePng(4, 3, new Uint8Array(4 * 3 * 3).fill(200));

describe.each(DB_KINDS)('reading-room administration, kiosk and isolation on %s', (kind) => {
  let t: TestApp;
  let bibAdmin: string;
  let leser: string;
  let swAdmin: string;
  let swWorker: string;
  let plans: Record<string, string>;
  let eg: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    bibAdmin = await t.login(BIB, 'admin@bibliothek.test');
    leser = await t.login(BIB, 'leser@bibliothek.test');
    swAdmin = await t.login(SW, 'admin@stadtwerke.test');
    swWorker = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    plans = await floorPlanIds(t, BIB, leser);
    eg = await objectIds(t, BIB, leser, plans['Lesesaal Erdgeschoss']!);
  });
  afterAll(() => t?.close());

  it('creates a floor plan with an uploaded image, equipment and seats placed by dragging', async () => {
    const locs = (await t.call(BIB, { method: 'GET', url: '/api/admin/reading-rooms/locations', cookie: bibAdmin })).json().locations;
    expect(locs.map((l: { name: string }) => l.name)).toEqual(['Zentralbibliothek']);
    const created = await t.call(BIB, {
      method: 'POST',
      url: '/api/admin/reading-rooms/floor-plans',
      cookie: bibAdmin,
      payload: { name: 'Lesesaal 2. OG', area: 'leseraum', locationId: locs[0].id },
    });
    expect(created.statusCode).toBe(200);
    const plan = created.json().floorPlan;
    expect(plan).toMatchObject({ name: 'Lesesaal 2. OG', location: { name: 'Zentralbibliothek' }, imageUrl: null, objectCount: 0 });
    const dup = await t.call(BIB, {
      method: 'POST',
      url: '/api/admin/reading-rooms/floor-plans',
      cookie: bibAdmin,
      payload: { name: 'Lesesaal 2. OG', area: 'leseraum', locationId: null },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('Einen Grundriss „Lesesaal 2. OG“ gibt es in diesem Bereich schon.');

    const upload = await t.call(BIB, {
      method: 'PUT',
      url: `/api/admin/reading-rooms/floor-plans/${plan.id}/image`,
      cookie: bibAdmin,
      ...multipart(png(), 'plan.png', 'image/png'),
    });
    expect(upload.statusCode).toBe(200);
    expect(upload.json().floorPlan).toMatchObject({ imageWidth: 4, imageHeight: 3 });
    const img = await t.call(BIB, { method: 'GET', url: upload.json().floorPlan.imageUrl, cookie: leser });
    expect(img.statusCode).toBe(200);
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['content-disposition']).toBe('inline; filename="grundriss.png"');

    const fake = await t.call(BIB, {
      method: 'PUT',
      url: `/api/admin/reading-rooms/floor-plans/${plan.id}/image`,
      cookie: bibAdmin,
      ...multipart(Buffer.from('<svg onload=alert(1)>'), 'plan.png', 'image/png'),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe('Fehler beim Hochladen der Datei: Erlaubt sind nur PNG, JPG.');
    const pdf = await t.call(BIB, {
      method: 'PUT',
      url: `/api/admin/reading-rooms/floor-plans/${plan.id}/image`,
      cookie: bibAdmin,
      ...multipart(Buffer.from('%PDF-1.4 x'), 'plan.pdf', 'application/pdf'),
    });
    expect(pdf.json().error.message).toBe('Fehler beim Hochladen der Datei: Erlaubt sind nur PNG, JPG.');
    const none = await t.call(BIB, {
      method: 'PUT',
      url: `/api/admin/reading-rooms/floor-plans/${plan.id}/image`,
      cookie: bibAdmin,
      payload: {},
    });
    expect(none.json().error.message).toBe('Fehler beim Hochladen der Datei: Es wurde keine Datei übermittelt.');

    const lamp = (
      await t.call(BIB, { method: 'POST', url: '/api/admin/equipment', cookie: bibAdmin, payload: { name: 'Stehlampe' } })
    ).json().equipment;
    const twice = await t.call(BIB, { method: 'POST', url: '/api/admin/equipment', cookie: bibAdmin, payload: { name: 'Stehlampe' } });
    expect(twice.json().error.message).toBe('Die Ausstattung „Stehlampe“ gibt es schon.');
    const seat = await t.call(BIB, {
      method: 'POST',
      url: '/api/admin/reading-rooms/objects',
      cookie: bibAdmin,
      payload: { floorPlanId: plan.id, kind: 'platz', designation: 'P-1', capacity: 1, x: 10, y: 10, equipment: [{ id: lamp.id }] },
    });
    expect(seat.statusCode).toBe(200);
    expect(seat.json().object.equipment).toEqual([{ id: lamp.id, name: 'Stehlampe', count: 1 }]);
    const room = await t.call(BIB, {
      method: 'POST',
      url: '/api/admin/reading-rooms/objects',
      cookie: bibAdmin,
      payload: {
        floorPlanId: plan.id,
        kind: 'raum',
        designation: 'Raum A',
        capacity: 6,
        x: 50,
        y: 50,
        equipment: [{ id: lamp.id, count: 2 }],
        description: 'Hell',
        conditions: 'Leise',
      },
    });
    expect(room.json().object).toMatchObject({ capacity: 6, description: 'Hell', conditions: 'Leise', equipment: [{ count: 2 }] });
    const moved = await t.call(BIB, {
      method: 'PUT',
      url: `/api/admin/reading-rooms/floor-plans/${plan.id}/positions`,
      cookie: bibAdmin,
      payload: { positions: [{ id: seat.json().object.id, x: 33.5, y: 44.25 }] },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().objects.find((o: { designation: string }) => o.designation === 'P-1')).toMatchObject({ x: 33.5, y: 44.25 });
    const off = await t.call(BIB, {
      method: 'PATCH',
      url: `/api/admin/reading-rooms/objects/${seat.json().object.id}`,
      cookie: bibAdmin,
      payload: { active: false },
    });
    expect(off.json().object.active).toBe(false);
    const refused = await book(t, BIB, leser, { objectId: seat.json().object.id, date: inDays(1), mode: 'ganztags' });
    expect(refused.json().error.message).toBe('P-1 ist derzeit nicht buchbar.');
    const m = await map(t, BIB, leser, plan.id, inDays(1));
    expect(m.objects.find((o) => o.designation === 'P-1')!.state).toBe('inaktiv');
    expect((await t.call(BIB, { method: 'DELETE', url: `/api/admin/equipment/${lamp.id}`, cookie: bibAdmin })).statusCode).toBe(200);
  });

  it('kiosk links: unguessable token, no session needed, never who booked; revoked links stop working', async () => {
    const planId = plans['Lesesaal Erdgeschoss']!;
    const res = await t.call(BIB, {
      method: 'POST',
      url: '/api/admin/kiosk-links',
      cookie: bibAdmin,
      payload: { floorPlanId: planId, name: 'Eingang EG' },
    });
    expect(res.statusCode).toBe(200);
    const { token, url, link } = res.json();
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(url).toBe(`http://bibliothek.localhost/kiosk?token=${token}`);
    const board = await t.call(BIB, { method: 'GET', url: `/api/kiosk/${token}` });
    expect(board.statusCode).toBe(200);
    const body = board.json();
    expect(body).toMatchObject({ tenantName: 'Universitätsbibliothek Musterstadt', floorPlan: { name: 'Lesesaal Erdgeschoss' } });
    expect(body.objects.length).toBeGreaterThan(70);
    expect(body.objects[0].checkInUrl).toMatch(/^\/leseraum\/karte\?einchecken=/);
    expect(JSON.stringify(body)).not.toMatch(/Weber|Schulz|Becker|Buchholz|Lesewitz|@bibliothek|booker|confirming/);
    const img = await t.call(BIB, { method: 'GET', url: `/api/kiosk/${token}/image` });
    expect(img.statusCode).toBe(200);
    // The token only works on its own tenant's host.
    expect((await t.call(SW, { method: 'GET', url: `/api/kiosk/${token}` })).statusCode).toBe(404);
    expect((await t.call(BIB, { method: 'GET', url: `/api/kiosk/${'x'.repeat(43)}` })).statusCode).toBe(404);
    const list = (await t.call(BIB, { method: 'GET', url: '/api/admin/kiosk-links', cookie: bibAdmin })).json().links;
    expect(list.map((l: { id: string }) => l.id)).toContain(link.id);
    expect(JSON.stringify(list)).not.toContain(token);
    expect((await t.call(BIB, { method: 'DELETE', url: `/api/admin/kiosk-links/${link.id}`, cookie: bibAdmin })).statusCode).toBe(200);
    const gone = await t.call(BIB, { method: 'GET', url: `/api/kiosk/${token}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Kiosk-Link nicht gefunden.');
  });

  it('permissions: readers get no admin routes, areas that are off are refused, strangers must sign in', async () => {
    const res = await t.call(BIB, { method: 'GET', url: '/api/admin/reading-rooms/floor-plans', cookie: leser });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('no admin');
    const worker = await t.call(SW, { method: 'GET', url: '/api/admin/equipment', cookie: swWorker });
    expect(worker.json().error.message).toBe('no admin');
    const off = await t.call(BIB, { method: 'GET', url: '/api/reading-rooms/bootstrap?area=arbeitswelt', cookie: leser });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe('Diese Funktion ist für Ihre Organisation nicht eingeschaltet.');
    const tour = await t.login(TOUR, 'admin@tourismus.test');
    expect((await t.call(TOUR, { method: 'GET', url: '/api/reading-rooms/bootstrap?area=leseraum', cookie: tour })).statusCode).toBe(403);
    expect((await t.call(BIB, { method: 'GET', url: '/api/reading-rooms/bootstrap' })).statusCode).toBe(401);
    expect((await t.call(SW, { method: 'GET', url: '/api/reading-rooms/bootstrap?area=arbeitswelt', cookie: swWorker })).statusCode).toBe(
      200,
    );
  });

  it('tenant isolation: every route answers 404 for another tenant’s ids', async () => {
    const ids = await tenantIds(t);
    expect(ids.bibliothek).toBeDefined();
    const planId = plans['Lesesaal Erdgeschoss']!;
    const seatId = eg['EG-10']!;
    const booking = (await book(t, BIB, leser, { objectId: eg['EG-11'], date: inDays(2), mode: 'ganztags' })).json().booking;
    const hours = (
      await t.call(BIB, { method: 'GET', url: `/api/admin/reading-rooms/floor-plans/${planId}/opening-hours`, cookie: bibAdmin })
    ).json();
    const dev = (
      await t.call(BIB, {
        method: 'POST',
        url: `/api/admin/reading-rooms/floor-plans/${planId}/deviating-opening-hours`,
        cookie: bibAdmin,
        payload: { validFrom: inDays(9), validTo: inDays(9), status: 'geschlossen' },
      })
    ).json().deviating;
    const equipmentId = (await t.call(BIB, { method: 'GET', url: '/api/admin/equipment', cookie: bibAdmin })).json().equipment[0].id;
    const link = (
      await t.call(BIB, { method: 'POST', url: '/api/admin/kiosk-links', cookie: bibAdmin, payload: { floorPlanId: planId, name: 'Test' } })
    ).json().link;
    const devBody = { validFrom: inDays(9), validTo: inDays(9), status: 'offen' };
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/reading-rooms/floor-plans/${planId}/map?date=${inDays(1)}`],
      ['GET', `/api/reading-rooms/floor-plans/${planId}/image`],
      ['POST', `/api/reading-rooms/objects/${seatId}/check-in`],
      ['PUT', '/api/reading-rooms/favourites', { floorPlanId: planId, objectIds: [] }],
      ['PUT', '/api/reading-rooms/favourites', { floorPlanId: null, objectIds: [seatId] }],
      ['POST', '/api/reading-room-bookings', { objectId: seatId, date: inDays(1), mode: 'ganztags' }],
      ['POST', `/api/reading-room-bookings/${booking.id}/cancel`],
      ['POST', `/api/reading-room-bookings/${booking.id}/confirm`],
      ['POST', `/api/reading-room-bookings/${booking.id}/check-in`],
      ['PATCH', `/api/admin/reading-rooms/floor-plans/${planId}`, { name: 'X', area: 'leseraum', locationId: null }],
      ['GET', `/api/admin/reading-rooms/floor-plans/${planId}/objects`],
      ['PUT', `/api/admin/reading-rooms/floor-plans/${planId}/positions`, { positions: [{ id: seatId, x: 1, y: 1 }] }],
      ['PATCH', `/api/admin/reading-rooms/objects/${seatId}`, { designation: 'X' }],
      ['POST', '/api/admin/reading-rooms/objects', { floorPlanId: planId, kind: 'platz', designation: 'X', capacity: 1, x: 1, y: 1 }],
      ['PATCH', `/api/admin/equipment/${equipmentId}`, { name: 'X' }],
      ['DELETE', `/api/admin/equipment/${equipmentId}`],
      ['GET', `/api/admin/reading-rooms/floor-plans/${planId}/opening-hours`],
      ['PUT', `/api/admin/reading-rooms/floor-plans/${planId}/opening-hours`, { regular: hours.regular }],
      ['POST', `/api/admin/reading-rooms/floor-plans/${planId}/deviating-opening-hours`, devBody],
      ['PATCH', `/api/admin/reading-rooms/deviating-opening-hours/${dev.id}`, devBody],
      ['DELETE', `/api/admin/reading-rooms/deviating-opening-hours/${dev.id}`],
      ['POST', '/api/admin/kiosk-links', { floorPlanId: planId, name: 'X' }],
      ['DELETE', `/api/admin/kiosk-links/${link.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.call(SW, { method: method as 'GET', url, cookie: swAdmin, ...(payload ? { payload: payload as object } : {}) });
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 404 });
    }
    const upload = await t.call(SW, {
      method: 'PUT',
      url: `/api/admin/reading-rooms/floor-plans/${planId}/image`,
      cookie: swAdmin,
      ...multipart(png(), 'p.png', 'image/png'),
    });
    expect(upload.statusCode).toBe(404);
    // Nothing of the Bibliothek changed.
    expect(
      (await t.call(BIB, { method: 'GET', url: `/api/admin/kiosk-links`, cookie: bibAdmin })).json().links.map((l: { id: string }) => l.id),
    ).toContain(link.id);
    const still = (await t.call(BIB, { method: 'GET', url: '/api/reading-room-bookings/mine?area=leseraum', cookie: leser })).json()
      .bookings;
    expect(still.find((b: { id: string }) => b.id === booking.id).status).toBe('reserviert');
    // And the Stadtwerke map lists only its own desks.
    const office = (await floorPlanIds(t, SW, swAdmin, 'arbeitswelt'))['Verwaltung 2. OG']!;
    expect((await map(t, SW, swAdmin, office, inDays(1))).objects).toHaveLength(40);
  });

  it('favourites are saved as the user’s own settings and come back at start-up', async () => {
    const og = plans['Lesesaal 1. Obergeschoss']!;
    const res = await t.call(BIB, {
      method: 'PUT',
      url: '/api/reading-rooms/favourites',
      cookie: leser,
      payload: { floorPlanId: og, objectIds: [eg['EG-01'], eg['EG-01'], eg['EG-02']] },
    });
    expect(res.statusCode).toBe(200);
    const boot = (await t.call(BIB, { method: 'GET', url: '/api/reading-rooms/bootstrap?area=leseraum', cookie: leser })).json();
    expect(boot.favourites).toEqual({ floorPlanId: og, objectIds: [eg['EG-01'], eg['EG-02']] });
    const settings = (await t.call(BIB, { method: 'GET', url: '/api/settings', cookie: leser })).json().settings;
    expect(settings.find((s: { name: string }) => s.name === 'favoritGrundriss')).toMatchObject({ value: og, source: 'BENUTZER' });
    // The admin's favourites are untouched.
    const adminBoot = (await t.call(BIB, { method: 'GET', url: '/api/reading-rooms/bootstrap?area=leseraum', cookie: bibAdmin })).json();
    expect(adminBoot.favourites).toEqual({ floorPlanId: null, objectIds: [] });
  });
});
