import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import { book, createVehicle, dayAt, locationId, mailTo, SW, TI, testVehicle, UB } from './vehicle-support';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1b6a90000000049454e44ae426082',
  'hex',
);

function multipart(name: string, filename: string, type: string, bytes: Buffer) {
  const boundary = `----buchbar${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DB_KINDS)('fleet administration on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let booker: string;
  let fleet: string;
  let nord: string;
  let innenstadt: string;
  let plate = 0;
  const nextPlate = () => `MS-A ${kind === 'pglite' ? 1 : 2}${String(++plate).padStart(3, '0')}`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
    [booker, fleet] = await Promise.all([t.login(SW, 'mitarbeiter@stadtwerke.test'), t.login(SW, 'fuhrpark@stadtwerke.test')]);
    nord = await locationId(t, SW, fleet, 'Betriebshof Nord');
    innenstadt = await locationId(t, SW, fleet, 'Verwaltung Innenstadt');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const get = (url: string, cookie = fleet) => t.call(SW, { method: 'GET', url, cookie });
  const put = (url: string, payload: object, cookie = fleet) => t.call(SW, { method: 'PUT', url, cookie, payload });

  it('a location change cancels open bookings, tells the booker and lists the change in the history', async () => {
    const v = await createVehicle(t, fleet, testVehicle(nord, nextPlate()));
    const b = (await book(t, booker, { vehicleId: v.id, von: dayAt(20, '10:00'), bis: dayAt(20, '11:00') })).json().booking;
    const res = await put(`/api/admin/vehicles/${v.id}`, {
      old: v,
      vehicle: { ...testVehicle(innenstadt, v.licensePlate as string), colour: 'Schwarz' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().cancelledBookings).toBe(1);
    const after = (await get(`/api/vehicle-bookings/${b.id}`, booker)).json().booking;
    expect([after.status, after.cancelReason]).toEqual(['storniert', 'Storno wegen Standortänderung am Fahrzeug']);
    const mail = await mailTo(smtp, 'mitarbeiter@stadtwerke.test', 'Buchung storniert');
    expect(mail.text).toContain('Storno wegen Standortänderung am Fahrzeug');
    const hist = (await get(`/api/vehicles/${v.id}/history`)).json().entries;
    expect(hist[0].type).toBe('STAMMDATENAENDERUNG');
    expect(hist[0].description).toBe('Standort: Betriebshof Nord → Verwaltung Innenstadt\nFarbe: Weiß → Schwarz');
  });

  it('a validity change cancels only bookings outside valid-from 00:00 to valid-to 23:59; an update needs the old data', async () => {
    const v = await createVehicle(t, fleet, testVehicle(nord, nextPlate()));
    const inside = (await book(t, booker, { vehicleId: v.id, von: dayAt(3, '22:00'), bis: dayAt(3, '23:30') })).json().booking;
    const outside = (await book(t, booker, { vehicleId: v.id, von: dayAt(20, '10:00'), bis: dayAt(20, '11:00') })).json().booking;
    const noOld = await put(`/api/admin/vehicles/${v.id}`, { vehicle: testVehicle(nord, v.licensePlate as string) });
    expect(noOld.statusCode).toBe(400);
    const res = await put(`/api/admin/vehicles/${v.id}`, {
      old: v,
      vehicle: testVehicle(nord, v.licensePlate as string, { validTo: dayAt(3, '12:00').slice(0, 10) }),
    });
    expect(res.json().cancelledBookings).toBe(1);
    expect((await get(`/api/vehicle-bookings/${inside.id}`, booker)).json().booking.status).toBe('reserviert');
    const o = (await get(`/api/vehicle-bookings/${outside.id}`, booker)).json().booking;
    expect([o.status, o.cancelReason]).toEqual(['storniert', 'Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.']);
  });

  it('booking times need a vehicle id and valid times', async () => {
    const times = { weekdays: ['montags'], from: '08:00', to: '17:00' };
    const noId = await put('/api/admin/vehicles/booking-times', times);
    expect([noId.statusCode, noId.json().error.message]).toEqual([
      400,
      'Fahrzeug ID nicht vorhanden, Buchungszeiten können nicht gespeichert werden!',
    ]);
    const v = await createVehicle(t, fleet, testVehicle(nord, nextPlate()));
    const ok = await put(`/api/admin/vehicles/${v.id}/booking-times`, times);
    expect(ok.json().bookingTimes).toEqual(times);
  });

  it('deactivation cancels open bookings, tells bookers, writes DEAKTIVIERUNG and hides the vehicle', async () => {
    const v = await createVehicle(t, fleet, testVehicle(nord, nextPlate()));
    const b = (await book(t, booker, { vehicleId: v.id, von: dayAt(21, '10:00'), bis: dayAt(21, '11:00') })).json().booking;
    const res = await t.call(SW, { method: 'DELETE', url: `/api/admin/vehicles/${v.id}`, cookie: fleet });
    expect(res.json()).toEqual({ ok: true, cancelledBookings: 1 });
    const after = (await get(`/api/vehicle-bookings/${b.id}`, booker)).json().booking;
    expect(after.cancelReason).toBe('Storno, weil Fahrzeug deaktiviert wurde.');
    await expect
      .poll(() =>
        smtp.mails.some((m) => m.to.includes('mitarbeiter@stadtwerke.test') && m.text.includes('Storno, weil Fahrzeug deaktiviert wurde.')),
      )
      .toBe(true);
    const hist = (await get(`/api/vehicles/${v.id}/history`)).json().entries;
    expect([hist[0].type, hist[0].description]).toEqual(['DEAKTIVIERUNG', 'Fahrzeug wurde deaktiviert.']);
    const list = (await get('/api/vehicles', booker)).json().vehicles as { id: string }[];
    expect(list.some((x) => x.id === v.id)).toBe(false);
    expect((await book(t, booker, { vehicleId: v.id, von: dayAt(22, '10:00'), bis: dayAt(22, '11:00') })).statusCode).toBe(404);
  });

  it('a DEFEKT block refuses a booking by saying the vehicle is defective and until when, in German and English', async () => {
    const v = await createVehicle(t, fleet, testVehicle(nord, nextPlate()));
    const res = await t.call(SW, {
      method: 'POST',
      url: `/api/admin/vehicles/${v.id}/blocks`,
      cookie: fleet,
      payload: { type: 'DEFEKT', von: dayAt(25, '08:00'), bis: dayAt(27, '16:00'), description: 'Bremse' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const until = dayAt(27, '16:00');
    const day = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
      new Date(until),
    );
    const refused = await book(t, booker, { vehicleId: v.id, von: dayAt(26, '10:00'), bis: dayAt(26, '11:00') });
    expect([refused.statusCode, refused.json().error]).toEqual([
      409,
      { code: 'vehicle_defect', message: `Das Fahrzeug ist defekt und bis ${day} gesperrt.` },
    ]);
    // A booking after the lock is not touched by it.
    expect((await book(t, booker, { vehicleId: v.id, von: dayAt(28, '10:00'), bis: dayAt(28, '11:00') })).statusCode).toBe(201);
    await t.call(SW, { method: 'PUT', url: '/api/settings/sprache', cookie: booker, payload: { value: 'en-us' } });
    try {
      const english = await book(t, booker, { vehicleId: v.id, von: dayAt(25, '10:00'), bis: dayAt(25, '11:00') });
      expect(english.json().error.message).toBe(`The vehicle is defective and blocked until ${day}.`);
    } finally {
      await t.call(SW, { method: 'PUT', url: '/api/settings/sprache', cookie: booker, payload: { value: 'de-de' } });
    }
  });

  it('a maintenance block cancels overlapping user bookings with a reason and tells the booker', async () => {
    const v = await createVehicle(t, fleet, testVehicle(nord, nextPlate()));
    const b = (await book(t, booker, { vehicleId: v.id, von: dayAt(22, '10:00'), bis: dayAt(22, '11:00') })).json().booking;
    const res = await t.call(SW, {
      method: 'POST',
      url: `/api/admin/vehicles/${v.id}/blocks`,
      cookie: fleet,
      payload: { type: 'WARTUNG', von: dayAt(22, '08:00'), bis: dayAt(22, '16:00'), description: 'Inspektion' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().cancelledBookings).toBe(1);
    expect(res.json().booking.type).toBe('WARTUNG');
    const after = (await get(`/api/vehicle-bookings/${b.id}`, booker)).json().booking;
    expect(after.cancelReason).toBe('Storno wegen Wartung des Fahrzeugs.');
    await expect.poll(() => smtp.mails.some((m) => m.text.includes('Storno wegen Wartung des Fahrzeugs.'))).toBe(true);
    const clash = await book(t, booker, { vehicleId: v.id, von: dayAt(22, '12:00'), bis: dayAt(22, '13:00') });
    expect(clash.statusCode).toBe(409);
    // unknown types are named as docs/product.md#message-catalogue says; a user booking type is no block
    const block = (type: string) =>
      t.call(SW, {
        method: 'POST',
        url: `/api/admin/vehicles/${v.id}/blocks`,
        cookie: fleet,
        payload: { type, von: dayAt(23, '08:00'), bis: dayAt(23, '09:00'), description: 'x' },
      });
    const unknown = await block('REPARATUR');
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([400, 'Typ REPARATUR unbekannt']);
    const user = await block('BUCHUNG');
    expect([user.statusCode, user.json().error.message]).toEqual([400, 'Eine Sperre hat den Typ WARTUNG, SERVICE oder DEFEKT.']);
    // the booker's overview filters by status; an unknown status is named
    const cancelled = (await get('/api/vehicle-bookings/mine?status=storniert', booker)).json();
    expect(cancelled.forMe.map((x: { id: string }) => x.id)).toContain(b.id);
    expect(cancelled.forMe.every((x: { status: string }) => x.status === 'storniert')).toBe(true);
    const open = (await get('/api/vehicle-bookings/mine?status=reserviert', booker)).json();
    expect(open.forMe.map((x: { id: string }) => x.id)).not.toContain(b.id);
    const bad = await get('/api/vehicle-bookings/mine?status=gebucht', booker);
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, 'Status gebucht unbekannt']);
  });

  it('object attributes: unknown condition types are refused; mandatory vehicle attributes are enforced; SHOW_FILTER filters', async () => {
    const bad = await t.call(SW, {
      method: 'POST',
      url: '/api/admin/vehicle-attributes',
      cookie: fleet,
      payload: { target: 'FAHRZEUG', type: 'TEXT', label: 'Test', conditions: [{ type: 'HIDE', value: null, dependentAttributeId: null }] },
    });
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, 'Bedingung type HIDE is not valid']);
    const created = await t.call(SW, {
      method: 'POST',
      url: '/api/admin/vehicle-attributes',
      cookie: fleet,
      payload: {
        target: 'FAHRZEUG',
        type: 'DROPDOWN',
        label: `Kostenstelle ${kind}`,
        choices: [{ key: 'k1', text: 'Netz' }],
        conditions: [{ type: 'MANDATORY' }, { type: 'SHOW_FILTER' }],
      },
    });
    expect(created.statusCode).toBe(201);
    const attrId = created.json().id as string;
    const missing = await t.call(SW, {
      method: 'POST',
      url: '/api/admin/vehicles',
      cookie: fleet,
      payload: testVehicle(nord, nextPlate()),
    });
    expect(missing.json().error.message).toBe('Please fill in all mandatory fields.');
    const v = await createVehicle(t, fleet, testVehicle(nord, nextPlate(), { attributes: { [attrId]: 'k1' } }));
    const filtered = (await get(`/api/vehicles?attributes=${encodeURIComponent(JSON.stringify({ [attrId]: 'k1' }))}`, booker)).json()
      .vehicles as { id: string }[];
    expect(filtered.map((x) => x.id)).toEqual([v.id]);
    // keep later tests independent of the mandatory attribute
    await put(`/api/admin/vehicle-attributes/${attrId}`, {
      target: 'FAHRZEUG',
      type: 'DROPDOWN',
      label: `Kostenstelle ${kind}`,
      choices: [{ key: 'k1', text: 'Netz' }],
      conditions: [],
    });
  });

  it('images are checked by content and served with nosniff', async () => {
    const v = await createVehicle(t, fleet, testVehicle(nord, nextPlate()));
    const bad = await t.call(SW, {
      method: 'POST',
      url: `/api/admin/vehicles/${v.id}/image`,
      cookie: fleet,
      ...multipart('file', 'x.png', 'image/png', Buffer.from('<svg/>')),
    });
    expect(bad.statusCode).toBe(415);
    expect(bad.json().error.message).toMatch(/^Fehler beim Hochladen der Datei: /);
    const ok = await t.call(SW, {
      method: 'POST',
      url: `/api/admin/vehicles/${v.id}/image`,
      cookie: fleet,
      ...multipart('file', 'auto.png', 'image/png', PNG),
    });
    expect(ok.statusCode).toBe(200);
    const img = await t.call(SW, { method: 'GET', url: ok.json().imageUrl, cookie: booker });
    expect(img.statusCode).toBe(200);
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('permissions: booking needs fahrzeug_buchen, administration fahrzeug_pflege, and the tenant the vehicle feature', async () => {
    expect(
      (await t.call(SW, { method: 'POST', url: '/api/admin/vehicles', cookie: booker, payload: testVehicle(nord, nextPlate()) })).json()
        .error,
    ).toEqual({ code: 'forbidden', message: 'no admin' });
    expect((await t.call(SW, { method: 'GET', url: '/api/vehicles' })).statusCode).toBe(401);
    const leser = await t.login(UB, 'admin@bibliothek.test');
    const ub = await t.call(UB, { method: 'GET', url: '/api/vehicles', cookie: leser });
    expect([ub.statusCode, ub.json().error.code]).toEqual([404, 'feature_disabled']);
  });

  it('tenant isolation: foreign vehicle and booking ids are 404 on every vehicle route', async () => {
    const v = await createVehicle(t, fleet, testVehicle(nord, nextPlate()));
    const b = (await book(t, booker, { vehicleId: v.id, von: dayAt(23, '10:00'), bis: dayAt(23, '11:00') })).json().booking;
    const foreign = await t.login(TI, 'admin@tourismus.test');
    const veh = v.id;
    const bk = b.id as string;
    const attrs = (await get('/api/vehicle-attributes', fleet)).json().attributes as { id: string }[];
    const routes: [string, string, object?][] = [
      ['GET', `/api/vehicles/${veh}`],
      ['GET', `/api/vehicles/${veh}/image`],
      [
        'GET',
        `/api/vehicles/${veh}/availability?von=${encodeURIComponent(dayAt(24, '10:00'))}&bis=${encodeURIComponent(dayAt(24, '11:00'))}`,
      ],
      ['GET', `/api/vehicles/${veh}/booking-limits?date=${dayAt(24, '10:00').slice(0, 10)}`],
      ['GET', `/api/vehicles/${veh}/history`],
      ['PUT', `/api/admin/vehicles/${veh}`, { old: v, vehicle: testVehicle(nord, 'X') }],
      ['DELETE', `/api/admin/vehicles/${veh}`],
      ['PUT', `/api/admin/vehicles/${veh}/booking-times`, { weekdays: ['montags'], from: '08:00', to: '17:00' }],
      ['PUT', `/api/admin/vehicles/${veh}/attributes`, { attributes: {} }],
      ['POST', `/api/admin/vehicles/${veh}/blocks`, { type: 'DEFEKT', von: dayAt(24, '10:00'), bis: dayAt(24, '11:00'), description: 'x' }],
      ['PUT', `/api/admin/vehicle-attributes/${attrs[0]!.id}`, { target: 'FAHRZEUG', type: 'TEXT', label: 'x' }],
      ['POST', '/api/vehicle-bookings', { vehicleId: veh, von: dayAt(24, '10:00'), bis: dayAt(24, '11:00') }],
      ['GET', `/api/vehicle-bookings/${bk}`],
      ['PATCH', `/api/vehicle-bookings/${bk}`, { von: dayAt(24, '10:00'), bis: dayAt(24, '11:00') }],
      ['POST', `/api/vehicle-bookings/${bk}/cancel`, {}],
      ['POST', `/api/vehicle-bookings/${bk}/check-in`, {}],
      [
        'POST',
        `/api/vehicle-bookings/${bk}/check-out`,
        { mileage: 1, fuelPercent: 50, cleanlinessInside: 'sauber', cleanlinessOutside: 'sauber', parkingSpaceId: null },
      ],
      ['POST', `/api/vehicle-approvals/${bk}/approve`],
      ['POST', `/api/vehicle-approvals/${bk}/reject`, {}],
      // vehicle care (the damage and entry ids are covered in vehicle-care.int.test.ts)
      ['GET', `/api/vehicles/${veh}/service-entries`],
      ['POST', `/api/vehicles/${veh}/service-entries`, { kind: 'Sonstiges', description: 'x', performedOn: '2025-01-01' }],
      ['GET', `/api/vehicles/${veh}/damages`],
      ['POST', `/api/vehicles/${veh}/damages`, { description: 'x' }],
    ];
    for (const [method, url, payload] of routes) {
      const res = await t.call(TI, { method: method as 'GET', url, cookie: foreign, ...(payload ? { payload } : {}) });
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    const upload = await t.call(TI, {
      method: 'POST',
      url: `/api/admin/vehicles/${veh}/image`,
      cookie: foreign,
      ...multipart('file', 'a.png', 'image/png', PNG),
    });
    expect(upload.statusCode).toBe(404);
    const receipt = await t.call(TI, {
      method: 'POST',
      url: `/api/vehicle-bookings/${bk}/receipts`,
      cookie: foreign,
      ...multipart('file', 'a.png', 'image/png', PNG),
    });
    expect(receipt.statusCode).toBe(404);
    // and the foreign tenant's own lists never show it
    const tiList = (await t.call(TI, { method: 'GET', url: '/api/vehicles', cookie: foreign })).json().vehicles as {
      id: string;
      guestBookingPossible: boolean;
    }[];
    expect(tiList).toHaveLength(10);
    expect(tiList.every((x) => x.guestBookingPossible)).toBe(true);
    expect((await get(`/api/vehicle-bookings/${bk}`, booker)).json().booking.status).toBe('reserviert');
  });

  it('department check: with fahrzeugAbteilungspruefung only the vehicle departments may book it', async () => {
    const admin = await t.login(SW, 'admin@stadtwerke.test');
    const deps = (await get('/api/admin/vehicle-departments')).json().departments as { id: string; name: string }[];
    const netz = deps.find((d) => d.name === 'Netzbetrieb')!.id;
    const v = await createVehicle(t, fleet, testVehicle(nord, nextPlate(), { departmentIds: [netz] }));
    const period = { vehicleId: v.id, von: dayAt(24, '10:00'), bis: dayAt(24, '11:00') };
    // without the setting, departments do not restrict
    expect((await book(t, booker, period)).statusCode).toBe(201);
    expect(
      (
        await t.call(SW, {
          method: 'PUT',
          url: '/api/settings/fahrzeugAbteilungspruefung',
          cookie: admin,
          payload: { layer: 'MANDANT', value: true },
        })
      ).statusCode,
    ).toBe(200);
    const refused = await book(t, booker, { ...period, von: dayAt(25, '10:00'), bis: dayAt(25, '11:00') });
    expect([refused.statusCode, refused.json().error.message]).toEqual([
      403,
      'Das Fahrzeug ist für die Abteilung der fahrenden Person nicht buchbar.',
    ]);
    // Felix Fuhrmann works in Netzbetrieb
    expect((await book(t, fleet, { ...period, von: dayAt(25, '10:00'), bis: dayAt(25, '11:00') })).statusCode).toBe(201);
    await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrzeugAbteilungspruefung',
      cookie: admin,
      payload: { layer: 'MANDANT', value: false },
    });
  });
});
