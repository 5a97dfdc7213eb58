import { withTenant } from '@db/client';
import { expireRentalRequests, releaseUnconfirmedGuestBookings } from '@server/areas/guests/housekeeping';
import { cancelByToken, viewByToken } from '@server/areas/guests/public-cancellation';
import { hashToken, newToken } from '@server/areas/guests/tokens';
import { findTenantByDomain } from '@server/areas/tenant/tenant-repository';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { icsAttachmentOf, parseIcs } from '../support/ics';
import { type ReceivedMail, startSmtpServer } from '../support/smtp';
import { BEHIND_LOCAL_PROXY, startTestApp, type TestApp } from '../support/test-app';
import { dayAt, mailTo, SW, TI } from './vehicle-support';

const INVALID = 'Dieser Link ist ungültig oder nicht mehr gültig.';
const LATE = 'Die kostenlose Stornierung ist nicht mehr möglich (bis 24 Stunden vor Beginn).';
const TAKEN = 'Dieses Rad ist im gewählten Zeitraum leider schon vergeben. Bitte wählen Sie ein anderes Rad oder eine andere Zeit.';
const SENT = 'Fast geschafft: Bitte bestätigen Sie Ihre Anfrage über den Link in der E-Mail, die wir Ihnen geschickt haben.';
const REQUEST_INVALID = 'Dieser Bestätigungslink ist ungültig oder abgelaufen. Bitte fragen Sie das Rad erneut an.';

const tokenOf = (m: ReceivedMail, param: 'token' | 'anfrage') => {
  const match = m.text.match(new RegExp(`[?&]${param}=([A-Za-z0-9_-]{43})`));
  if (!match) throw new Error(`kein Link mit ${param} in der Mail: ${m.text}`);
  return match[1]!;
};
const isoDay = (days: number) => dayAt(days, '12:00').slice(0, 10);
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1b6a90000000049454e44ae426082',
  'hex',
);
function multipart(bytes: Buffer) {
  const boundary = `----guests${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rad.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
let ipCounter = 0;
const freshIp = () => `198.51.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

describe.each(DB_KINDS)('guests on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let reception: string;
  let tiAdmin: string;
  let swAdmin: string;
  let swEmployee: string;
  let tiId: string;
  let bikes: { id: string; licensePlate: string }[];

  const setting = async (name: string, value: unknown) => {
    const res = await t.call(TI, { method: 'PUT', url: `/api/settings/${name}`, cookie: tiAdmin, payload: { layer: 'MANDANT', value } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const guestBook = (payload: object, cookie = reception, host = TI) =>
    t.call(host, { method: 'POST', url: '/api/guest-bookings', cookie, payload });
  const pub = (url: string, payload: object, ip = freshIp(), host = TI) =>
    t.call(host, { method: 'POST', url, payload, headers: { 'x-forwarded-for': ip } });
  const count = async (table: 'rental_requests' | 'vehicle_bookings' | 'vehicle_booking_guests') => {
    const r = await withTenant(t.database.db, tiId, (tx) => tx.execute(sql.raw(`select count(*)::int as n from ${table}`)));
    return Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url, env: BEHIND_LOCAL_PROXY });
    [reception, tiAdmin, swAdmin, swEmployee] = await Promise.all([
      t.login(TI, 'empfang@tourismus.test'),
      t.login(TI, 'admin@tourismus.test'),
      t.login(SW, 'admin@stadtwerke.test'),
      t.login(SW, 'mitarbeiter@stadtwerke.test'),
    ]);
    tiId = (await findTenantByDomain(t.database.db, TI))!.id;
    const res = await t.call(TI, { method: 'GET', url: '/api/guest-bookings/vehicles', cookie: reception });
    expect(res.statusCode).toBe(200);
    bikes = res.json().vehicles;
    expect(bikes.map((b) => b.licensePlate)).toContain('Rad 01');
    expect(bikes).toHaveLength(10);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('books for a guest without confirmation: mail with cancellation link, page shows only what the token allows, cancel', async () => {
    await setting('fahrzeugGastBestaetigungNoetig', false);
    const email = `anna.${kind}@example.org`;
    const res = await guestBook({
      vehicleId: bikes[5]!.id,
      von: dayAt(3, '10:00'),
      bis: dayAt(3, '14:00'),
      guestName: ' Anna   Gast ',
      guestEmail: email,
      guestPhone: '+49 171 1234567',
      notes: 'Kindersitz',
    });
    expect(res.statusCode, res.body).toBe(201);
    const dto = res.json();
    expect(dto).toMatchObject({
      status: 'reserviert',
      confirmed: true,
      guestName: 'Anna Gast',
      source: 'empfang',
      bookedByName: 'Emil Ebbe',
    });

    const list = await t.call(TI, { method: 'GET', url: '/api/guest-bookings', cookie: reception });
    expect(list.json().bookings.map((b: { id: string }) => b.id)).toContain(dto.id);
    // the reception's own bookings on /fahrzeuge/uebersicht leave the guest's booking to the guest section
    const own = (await t.call(TI, { method: 'GET', url: '/api/vehicle-bookings/mine', cookie: reception })).json();
    expect([...own.forMe, ...own.forOthers].map((b: { id: string }) => b.id)).not.toContain(dto.id);
    const ownTrip = await t.call(TI, {
      method: 'POST',
      url: '/api/vehicle-bookings',
      cookie: reception,
      payload: { vehicleId: bikes[6]!.id, von: dayAt(3, '10:00'), bis: dayAt(3, '11:00') },
    });
    expect(ownTrip.statusCode, ownTrip.body).toBe(201);
    const withOwn = (await t.call(TI, { method: 'GET', url: '/api/vehicle-bookings/mine', cookie: reception })).json();
    expect(withOwn.forMe.map((b: { id: string }) => b.id)).toEqual([
      ...own.forMe.map((b: { id: string }) => b.id),
      ownTrip.json().booking.id,
    ]);
    const cancelled = await t.call(TI, {
      method: 'POST',
      url: `/api/vehicle-bookings/${ownTrip.json().booking.id}/cancel`,
      cookie: reception,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const mail = await mailTo(smtp, email, 'Ihre Buchung');
    expect(mail.text).toContain('Hallo Anna Gast');
    expect(mail.text).toContain('bis 24 Stunden vor Beginn kostenlos stornieren');
    expect(mail.text).toContain('Tourist-Info am Hafen, Tel. 04561 1234-0');
    expect(mail.text).toMatch(/http:\/\/tourismus\.localhost\/pub\/fahrzeugbuchungstorno\?token=/);
    // Like every booking mail (decision 090): the event as a calendar file, read back with an independent parser.
    const [event] = parseIcs(icsAttachmentOf(mail.raw)!).events;
    expect(event).toMatchObject({
      uid: `fahrzeug-${dto.id}@buchbar`,
      status: 'CONFIRMED',
      summary: `Fahrzeug: ${dto.vehicleLabel} (${dto.licensePlate})`,
    });
    expect(event!.start.toISOString()).toBe(new Date(dayAt(3, '10:00')).toISOString());
    expect(event!.end.toISOString()).toBe(new Date(dayAt(3, '14:00')).toISOString());
    expect(event!.description).not.toContain('Emil Ebbe');
    const token = tokenOf(mail, 'token');

    // a fresh visitor without session
    const view = await pub('/api/pub/guest-booking', { token });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      guestName: 'Anna Gast',
      licensePlate: bikes[5]!.licensePlate,
      freeCancellation: true,
      status: 'reserviert',
    });
    expect(view.body).not.toContain('Ebbe');
    expect(view.body).not.toContain(dto.id);
    expect(view.body).not.toContain(bikes[5]!.id);
    expect(view.body).not.toContain(email);

    const cancel = await pub('/api/pub/guest-booking/cancel', { token });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().status).toBe('storniert');
    const notice = await mailTo(smtp, 'empfang@tourismus.test', 'vom Gast storniert');
    expect(notice.text).toContain('Anna Gast');
    const history = await withTenant(t.database.db, tiId, (tx) =>
      tx.execute(sql`select description from vehicle_history where booking_id = ${dto.id}::uuid and type = 'STATUSAENDERUNG'`),
    );
    expect((history as unknown as { rows: { description: string }[] }).rows[0]!.description).toBe('Storniert durch den Gast Anna Gast');

    // a used token is neutral, for reading and cancelling
    for (const url of ['/api/pub/guest-booking', '/api/pub/guest-booking/cancel']) {
      const again = await pub(url, { token });
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe(INVALID);
    }
  });

  it('with confirmation needed: vorgemerkt until the guest confirms by the link (English mail), confirmed-at stored', async () => {
    await setting('fahrzeugGastBestaetigungNoetig', true);
    const email = `ben.${kind}@example.org`;
    const res = await guestBook({
      vehicleId: bikes[6]!.id,
      von: dayAt(4, '10:00'),
      bis: dayAt(4, '12:00'),
      guestName: 'Ben Guest',
      guestEmail: email,
      locale: 'en',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'vorgemerkt', confirmed: false });
    const mail = await mailTo(smtp, email, 'please confirm your booking');
    expect(mail.text).toContain('Hello Ben Guest');
    // The English guest gets the event in English, tentative until confirmed.
    const [event] = parseIcs(icsAttachmentOf(mail.raw)!).events;
    expect(event).toMatchObject({ uid: `fahrzeug-${res.json().id}@buchbar`, status: 'TENTATIVE' });
    expect(event!.summary).toMatch(/^Vehicle: /);
    const token = tokenOf(mail, 'token');
    const confirmed = await pub('/api/pub/guest-booking/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'reserviert', confirmed: true });
    const row = await withTenant(t.database.db, tiId, (tx) =>
      tx.execute(sql`select confirmed, confirmed_at from vehicle_booking_guests where booking_id = ${res.json().id}::uuid`),
    );
    const g = (row as unknown as { rows: { confirmed: boolean; confirmed_at: unknown }[] }).rows[0]!;
    expect(g.confirmed).toBe(true);
    expect(g.confirmed_at).not.toBeNull();
    // confirming twice changes nothing
    expect((await pub('/api/pub/guest-booking/confirm', { token })).json().status).toBe('reserviert');
  });

  it('releases an unconfirmed guest booking before start; the job is idempotent and tells guest and reception', async () => {
    await setting('fahrzeugGastBestaetigungNoetig', true);
    await setting('fahrzeugGastFreigabeVorBeginnMinuten', 120);
    const email = `carla.${kind}@example.org`;
    const von = new Date(Date.now() + 90 * 60_000);
    von.setSeconds(0, 0);
    // The demo books some bikes during the day: the first bike free in the next hours takes the guest.
    let res = await guestBook({
      vehicleId: bikes[7]!.id,
      von: von.toISOString(),
      bis: new Date(von.getTime() + 2 * 3600_000).toISOString(),
      guestName: 'Carla Gast',
      guestEmail: email,
    });
    for (const bike of bikes.slice(8)) {
      if (res.statusCode !== 409) break;
      res = await guestBook({
        vehicleId: bike.id,
        von: von.toISOString(),
        bis: new Date(von.getTime() + 2 * 3600_000).toISOString(),
        guestName: 'Carla Gast',
        guestEmail: email,
      });
    }
    expect(res.statusCode, res.body).toBe(201);
    expect(await releaseUnconfirmedGuestBookings(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await releaseUnconfirmedGuestBookings(t.deps)).toBe(0);
    const st = await withTenant(t.database.db, tiId, (tx) =>
      tx.execute(sql`select status, cancel_reason from vehicle_bookings where id = ${res.json().id}::uuid`),
    );
    expect((st as unknown as { rows: unknown[] }).rows[0]).toEqual({
      status: 'storniert',
      cancel_reason: 'Storno, weil die Gastbuchung nicht rechtzeitig bestätigt wurde.',
    });
    const released = await mailTo(smtp, email, 'Buchung freigegeben');
    expect(released.text).toContain('nicht rechtzeitig bestätigt');
    expect(parseIcs(icsAttachmentOf(released.raw)!).events[0]).toMatchObject({
      uid: `fahrzeug-${res.json().id}@buchbar`,
      status: 'CANCELLED',
    });
    await mailTo(smtp, 'empfang@tourismus.test', 'freigegeben (nicht bestätigt)');
  });

  it('24-hour rule: 24:01 before start cancels, 23:59 does not, counted in real hours across a DST change', async () => {
    const tenant = (await findTenantByDomain(t.database.db, TI))!;
    const receptionId = (await t.call(TI, { method: 'GET', url: '/api/session/me', cookie: reception })).json().user.id;
    // Sunday 26.10.2031 12:00 CET, the day the clocks go back: 24 real hours before is Saturday 13:00 CEST. Years
    // ahead, so that these bookings never sit in the week the other tests book, also when the hard-moment runs
    // shift the clock to the changes of 2027.
    const cases = [
      { von: '2031-10-26T11:00:00Z', now: '2031-10-25T10:59:00Z', ok: true, bike: 8 },
      { von: '2031-10-26T11:00:00Z', now: '2031-10-25T11:01:00Z', ok: false, bike: 9 },
      // Sunday 30.03.2031 12:00 CEST, the day the clocks go forward
      { von: '2031-03-30T10:00:00Z', now: '2031-03-29T09:59:00Z', ok: true, bike: 8 },
      { von: '2031-03-30T10:00:00Z', now: '2031-03-29T10:01:00Z', ok: false, bike: 9 },
    ];
    for (const c of cases) {
      const token = newToken();
      await withTenant(t.database.db, tiId, async (tx) => {
        const von = new Date(c.von);
        const bis = new Date(von.getTime() + 3 * 3600_000);
        const r = await tx.execute(sql`
          insert into vehicle_bookings (tenant_id, vehicle_id, von, bis, blocked_until, status, type, booked_by_id, driver_id)
          values (${tiId}::uuid, ${bikes[c.bike]!.id}::uuid, ${von.toISOString()}::timestamptz, ${bis.toISOString()}::timestamptz,
                  ${bis.toISOString()}::timestamptz, 'reserviert', 'BUCHUNG', ${receptionId}::uuid, ${receptionId}::uuid)
          returning id::text`);
        const id = (r as unknown as { rows: { id: string }[] }).rows[0]!.id;
        await tx.execute(sql`insert into vehicle_booking_guests (tenant_id, booking_id, name, email, confirmed, confirmed_at, token_hash)
          values (${tiId}::uuid, ${id}::uuid, 'Dora Dst', 'dora@example.org', true, now(), ${hashToken(token)})`);
      });
      const now = new Date(c.now);
      expect((await viewByToken(t.deps, tenant, freshIp(), token, now)).freeCancellation).toBe(c.ok);
      if (c.ok) expect((await cancelByToken(t.deps, tenant, freshIp(), token, now)).status).toBe('storniert');
      else await expect(cancelByToken(t.deps, tenant, freshIp(), token, now)).rejects.toThrow(LATE);
    }
    // the live API at the edge: 24:02 ahead may be cancelled, 23:58 ahead not
    for (const [minutes, ok] of [
      [24 * 60 + 2, true],
      [23 * 60 + 58, false],
    ] as const) {
      await setting('fahrzeugGastBestaetigungNoetig', false);
      const von = new Date(Date.now() + minutes * 60_000);
      const email = `edge${minutes}.${kind}@example.org`;
      const res = await guestBook({
        vehicleId: bikes[ok ? 0 : 1]!.id,
        von: von.toISOString(),
        bis: new Date(von.getTime() + 3600_000).toISOString(),
        guestName: 'Edda Edge',
        guestEmail: email,
      });
      expect(res.statusCode, res.body).toBe(201);
      const token = tokenOf(await mailTo(smtp, email, 'Ihre Buchung'), 'token');
      const cancel = await pub('/api/pub/guest-booking/cancel', { token });
      if (ok) expect(cancel.json().status).toBe('storniert');
      else {
        expect(cancel.statusCode).toBe(409);
        expect(cancel.json().error.message).toBe(LATE);
        const view = await pub('/api/pub/guest-booking', { token });
        expect(view.json()).toMatchObject({
          freeCancellation: false,
          contact: 'Tourist-Info am Hafen, Tel. 04561 1234-0, rad@tourismus.test',
        });
      }
    }
  });

  it('hand-over and return of guest bikes are start and end trip and ask only what applies', async () => {
    await setting('fahrzeugGastBestaetigungNoetig', false);
    const start = new Date(Date.now() + 5 * 60_000);
    start.setSeconds(0, 0);
    const period = { von: start.toISOString(), bis: new Date(start.getTime() + 3600_000).toISOString() };
    const bookFirstFree = async (plates: string[], name: string) => {
      for (const plate of plates) {
        const bike = bikes.find((b) => b.licensePlate === plate)!;
        const res = await guestBook({
          vehicleId: bike.id,
          ...period,
          guestName: name,
          guestEmail: `trip.${plate.slice(-2)}.${kind}@example.org`,
        });
        if (res.statusCode === 201) return res.json().id as string;
      }
      throw new Error('kein Rad frei');
    };
    const trekking = await bookFirstFree(['Rad 09', 'Rad 10'], 'Tom Tour');
    const ebike = await bookFirstFree(['Rad 01', 'Rad 02', 'Rad 03', 'Rad 04'], 'Eva Elektro');
    for (const id of [trekking, ebike]) {
      const res = await t.call(TI, { method: 'POST', url: `/api/vehicle-bookings/${id}/check-in`, cookie: reception, payload: {} });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().booking.status).toBe('aktiv');
    }
    const base = { cleanlinessInside: 'sauber', cleanlinessOutside: 'sauber', parkingSpaceId: null };
    // a bike without motor: neither mileage nor fuel
    const back = await t.call(TI, { method: 'POST', url: `/api/vehicle-bookings/${trekking}/check-out`, cookie: reception, payload: base });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().booking.status).toBe('durchgeführt');
    // an e-bike: the charge, no mileage
    const noCharge = await t.call(TI, {
      method: 'POST',
      url: `/api/vehicle-bookings/${ebike}/check-out`,
      cookie: reception,
      payload: base,
    });
    expect(noCharge.statusCode).toBe(400);
    expect(noCharge.json().error.message).toBe('Please fill in all mandatory fields.');
    const charged = await t.call(TI, {
      method: 'POST',
      url: `/api/vehicle-bookings/${ebike}/check-out`,
      cookie: reception,
      payload: { ...base, fuelPercent: 40, mileage: 12 },
    });
    expect(charged.statusCode, charged.body).toBe(200);
    const rows = await withTenant(t.database.db, tiId, (tx) =>
      tx.execute(sql`select booking_id::text as id, mileage, fuel_percent from vehicle_history
                      where type = 'CHECK_OUT' and booking_id in (${trekking}::uuid, ${ebike}::uuid)`),
    );
    const byId = new Map(
      (rows as unknown as { rows: { id: string; mileage: number | null; fuel_percent: number | null }[] }).rows.map((r) => [r.id, r]),
    );
    expect(byId.get(trekking)).toMatchObject({ mileage: null, fuel_percent: null });
    expect(byId.get(ebike)).toMatchObject({ mileage: null, fuel_percent: 40 });
    // the day list shows them as returned no more (completed bookings leave it)
    const day = (await t.call(TI, { method: 'GET', url: '/api/guest-bookings/day', cookie: reception })).json();
    expect(day.entries.some((e: { booking: { id: string } }) => e.booking.id === trekking)).toBe(false);
  });

  it('token guessing finds nothing: random, malformed and foreign tokens get one neutral message', async () => {
    const tokens = [...Array.from({ length: 12 }, () => newToken()), 'kurz', '', 'x'.repeat(43), `${newToken()}=`, "' or 1=1 --"];
    for (const token of tokens) {
      const res = await pub('/api/pub/guest-booking', { token });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'guest_link_invalid', message: INVALID });
    }
    // a real Tourist-Info token on the Stadtwerke host
    await setting('fahrzeugGastBestaetigungNoetig', false);
    const email = `foreign.${kind}@example.org`;
    expect(
      (
        await guestBook({
          vehicleId: bikes[2]!.id,
          von: dayAt(5, '09:00'),
          bis: dayAt(5, '10:00'),
          guestName: 'Fritz Fremd',
          guestEmail: email,
        })
      ).statusCode,
    ).toBe(201);
    const token = tokenOf(await mailTo(smtp, email, 'Ihre Buchung'), 'token');
    const foreign = await pub('/api/pub/guest-booking', { token }, freshIp(), SW);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(INVALID);
    expect((await pub('/api/pub/guest-booking', { token })).statusCode).toBe(200);
  });

  it('rate-limits the public page per address in the database', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await pub('/api/pub/guest-booking/cancel', { token: newToken() }, ip)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 404)).toBe(true);
    const last = await pub('/api/pub/guest-booking/cancel', { token: newToken() }, ip);
    expect(last.statusCode).toBe(429);
    expect(last.json().error.message).toBe('Zu viele Anfragen. Bitte versuchen Sie es später noch einmal.');
    const stored = await withTenant(t.database.db, tiId, (tx) =>
      tx.execute(sql`select max(hits)::int as n from public_rate_limits where bucket = 'public-action'`),
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThanOrEqual(12);
  });

  it('permissions and tenant isolation of the reception routes', async () => {
    const payload = {
      vehicleId: bikes[3]!.id,
      von: dayAt(6, '10:00'),
      bis: dayAt(6, '11:00'),
      guestName: 'Iso Gast',
      guestEmail: 'iso@example.org',
    };
    expect((await t.call(TI, { method: 'POST', url: '/api/guest-bookings', payload })).statusCode).toBe(401);
    const denied = await guestBook(payload, swEmployee, SW);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('no fahrzeug_gastbuchung');
    for (const url of ['/api/guest-bookings', '/api/guest-bookings/day', '/api/guest-bookings/vehicles']) {
      expect((await t.call(SW, { method: 'GET', url, cookie: swEmployee })).statusCode).toBe(403);
    }
    // Stadtwerke has guest bookings off; and the Tourist-Info bike does not exist there
    const off = await guestBook(payload, swAdmin, SW);
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe('Gastbuchungen sind für diesen Mandanten nicht eingeschaltet.');
    const swList = await t.call(SW, { method: 'GET', url: '/api/guest-bookings?includePast=true', cookie: swAdmin });
    expect(swList.json().bookings).toEqual([]);
    expect((await t.call(SW, { method: 'GET', url: '/api/guest-bookings/vehicles', cookie: swAdmin })).json().vehicles).toEqual([]);
    // with the setting on, the foreign vehicle id is simply not found
    await withTenant(t.database.db, (await findTenantByDomain(t.database.db, SW))!.id, (tx) =>
      tx.execute(sql`insert into setting_values (tenant_id, option_name, layer, value)
                     select id, 'fahrzeugGastbuchungAktiv', 'MANDANT', 'true' from tenants where sub_identifier = 'stadtwerke'`),
    );
    expect((await guestBook(payload, swAdmin, SW)).statusCode).toBe(404);
    // a vehicle without the guest flag
    const car = (await t.call(SW, { method: 'GET', url: '/api/vehicles', cookie: swAdmin })).json().vehicles[0];
    const noGuests = await guestBook({ ...payload, vehicleId: car.id }, swAdmin, SW);
    expect(noGuests.statusCode).toBe(409);
    expect(noGuests.json().error.message).toBe('Für dieses Fahrzeug ist keine Gastbuchung möglich.');
    // guest bookings keep every booking rule: the catalogue's availability message
    const first = await guestBook({ ...payload, guestEmail: 'iso1@example.org' });
    expect(first.statusCode, first.body).toBe(201);
    const clash = await guestBook({ ...payload, guestEmail: 'iso2@example.org' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe('Fahrzeug ist bereits zum Zeitraum bereits gebucht!');
    const bad = await guestBook({ ...payload, bis: payload.von });
    expect(bad.json().error.message).toBe('Bis nicht nach von im Zeitraum!');
    const badName = await guestBook({ ...payload, guestName: '1' });
    expect(badName.json().error.message).toBe('Bitte geben Sie einen gültigen Namen an (2 bis 100 Zeichen, mit Buchstaben).');
  });

  it('public rental: free bikes, request, double opt-in, day list; used and expired links are refused', async () => {
    const day = isoDay(7);
    const info = await t.call(TI, { method: 'GET', url: '/api/public/rental' });
    expect(info.json()).toMatchObject({ active: true, tenantName: 'Tourist-Info Seestadt' });
    expect((await t.call(SW, { method: 'GET', url: '/api/public/rental' })).json().active).toBe(false);
    const swBikes = await t.call(SW, { method: 'GET', url: `/api/public/rental/bikes?day=${day}&from=10:00&to=12:00` });
    expect(swBikes.statusCode).toBe(404);
    expect(swBikes.json().error.message).toBe('Der Gästeverleih ist hier nicht eingeschaltet.');

    const free = await t.call(TI, { method: 'GET', url: `/api/public/rental/bikes?day=${day}&from=10:00&to=12:00` });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json().bikes).toHaveLength(10);
    expect(free.body).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);

    const email = `visitor.${kind}@example.org`;
    const req = await pub('/api/public/rental/requests', { bike: 'Rad 04', day, from: '10:00', to: '12:00', name: 'Vera Visit', email });
    expect(req.statusCode, req.body).toBe(202);
    expect(req.json().message).toBe(SENT);
    // not blocking yet
    expect((await t.call(TI, { method: 'GET', url: `/api/public/rental/bikes?day=${day}&from=10:00&to=12:00` })).json().bikes).toHaveLength(
      10,
    );
    const mail = await mailTo(smtp, email, 'bitte bestätigen Sie Ihre Radanfrage');
    expect(mail.text).toMatch(/http:\/\/tourismus\.localhost\/public\?anfrage=/);
    const token = tokenOf(mail, 'anfrage');
    const ok = await pub('/api/public/rental/requests/confirm', { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ licensePlate: 'Rad 04' });
    const left = (await t.call(TI, { method: 'GET', url: `/api/public/rental/bikes?day=${day}&from=10:00&to=12:00` })).json().bikes;
    expect(left.map((b: { licensePlate: string }) => b.licensePlate)).not.toContain('Rad 04');
    // the booking mail holds the cancellation link of the public page
    const booked = await mailTo(smtp, email, 'Ihre Buchung');
    const cancelToken = tokenOf(booked, 'token');
    const [bikeEvent] = parseIcs(icsAttachmentOf(booked.raw)!).events;
    expect(bikeEvent).toMatchObject({ status: 'CONFIRMED' });
    expect(bikeEvent!.summary).toContain('(Rad 04)');
    expect((await pub('/api/pub/guest-booking', { token: cancelToken })).json().guestName).toBe('Vera Visit');
    // used link
    const again = await pub('/api/public/rental/requests/confirm', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(REQUEST_INVALID);
    // the reception's day list
    const list = await t.call(TI, { method: 'GET', url: `/api/guest-bookings/day?day=${day}`, cookie: reception });
    expect(list.statusCode).toBe(200);
    const kinds = list
      .json()
      .entries.filter((e: { booking: { guestName: string } }) => e.booking.guestName === 'Vera Visit')
      .map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(['ausgabe', 'rueckgabe']);
    // today: the seeded bike on the road and the one not collected
    const today = (await t.call(TI, { method: 'GET', url: '/api/guest-bookings/day', cookie: reception })).json();
    expect(today.entries.some((e: { booking: { guestName: string } }) => e.booking.guestName === 'Hannes Hafen')).toBe(true);

    // expiry: an unconfirmed request expires, the job is idempotent, its link stops working
    const email2 = `late.${kind}@example.org`;
    expect(
      (await pub('/api/public/rental/requests', { bike: 'Rad 05', day, from: '10:00', to: '12:00', name: 'Lars Late', email: email2 }))
        .statusCode,
    ).toBe(202);
    const lateToken = tokenOf(await mailTo(smtp, email2, 'Radanfrage'), 'anfrage');
    const later = new Date(Date.now() + 2 * 3600_000);
    expect(await expireRentalRequests(t.deps, later)).toBeGreaterThanOrEqual(1);
    expect(await expireRentalRequests(t.deps, later)).toBe(0);
    expect((await pub('/api/public/rental/requests/confirm', { token: lateToken })).json().error.message).toBe(REQUEST_INVALID);
  });

  it('public rental shows a bike photo once the fleet uploaded one, without ids', async () => {
    const rad = bikes.find((b) => b.licensePlate === 'Rad 06')!;
    const none = await t.call(TI, { method: 'GET', url: '/api/public/rental/bikes/Rad%2006/image' });
    expect(none.statusCode).toBe(404);
    const up = await t.call(TI, { method: 'POST', url: `/api/admin/vehicles/${rad.id}/image`, cookie: tiAdmin, ...multipart(PNG) });
    expect(up.statusCode, up.body).toBe(200);
    const free = await t.call(TI, { method: 'GET', url: `/api/public/rental/bikes?day=${isoDay(11)}&from=10:00&to=11:00` });
    expect(free.json().bikes.find((b: { key: string }) => b.key === 'Rad 06')).toMatchObject({
      hasImage: true,
      colour: expect.any(String),
    });
    const img = await t.call(TI, { method: 'GET', url: '/api/public/rental/bikes/Rad%2006/image' });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.call(SW, { method: 'GET', url: '/api/public/rental/bikes/Rad%2006/image' })).statusCode).toBe(404);
  });

  it('abuse: honeypot stores nothing, at most N open requests per e-mail', async () => {
    const day = isoDay(8);
    const before = await count('rental_requests');
    const trap = await pub('/api/public/rental/requests', {
      bike: 'Rad 06',
      day,
      from: '10:00',
      to: '12:00',
      name: 'Bot Bot',
      email: 'bot@example.org',
      website: 'http://spam.example',
    });
    expect(trap.statusCode).toBe(202);
    expect(trap.json().message).toBe(SENT);
    expect(await count('rental_requests')).toBe(before);

    await setting('gastverleihMaxOffeneAnfragen', 2);
    const email = `many.${kind}@example.org`;
    const ask = (bike: string) => pub('/api/public/rental/requests', { bike, day, from: '14:00', to: '16:00', name: 'Mia Many', email });
    expect((await ask('Rad 07')).statusCode).toBe(202);
    expect((await ask('Rad 08')).statusCode).toBe(202);
    const third = await ask('Rad 09');
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe(
      'Sie haben bereits 2 offene Anfragen. Bitte bestätigen Sie diese zuerst oder warten Sie, bis sie ablaufen.',
    );
  });

  it('30 parallel requests and confirmations for the last free bike: exactly one booking', async () => {
    const day = isoDay(9);
    const bike = 'Rad 10';
    const emails = Array.from({ length: 30 }, (_, i) => `race${i}.${kind}@example.org`);
    const requests = await Promise.all(
      emails.map((email, i) =>
        pub('/api/public/rental/requests', {
          bike,
          day,
          from: '09:00',
          to: '11:00',
          name: `Rita Race ${String.fromCharCode(65 + i)}`,
          email,
        }),
      ),
    );
    expect(requests.map((r) => r.statusCode)).toEqual(Array(30).fill(202));
    const tokens = await Promise.all(emails.map(async (e) => tokenOf(await mailTo(smtp, e, 'Radanfrage', 30_000), 'anfrage')));
    const confirms = await Promise.all(tokens.map((token) => pub('/api/public/rental/requests/confirm', { token })));
    const codes = confirms.map((c) => c.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(29);
    for (const c of confirms.filter((x) => x.statusCode === 409)) expect(c.json().error.message).toBe(TAKEN);
    const n = await withTenant(t.database.db, tiId, (tx) =>
      tx.execute(sql`select count(*)::int as n from vehicle_bookings b join vehicles v on v.tenant_id = b.tenant_id and v.id = b.vehicle_id
                      where v.license_plate = ${bike} and b.status <> 'storniert' and b.von = ${dayAt(9, '09:00')}::timestamptz`),
    );
    expect((n as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  }, 120_000);

  it('answers 40+ malformed public requests with 4xx and stores nothing', async () => {
    const day = isoDay(10);
    const good = { bike: 'Rad 02', day, from: '10:00', to: '12:00', name: 'Olga Okay', email: 'olga@example.org' };
    const bodies: unknown[] = [
      {},
      { ...good, bike: undefined },
      { ...good, day: undefined },
      { ...good, from: undefined },
      { ...good, to: undefined },
      { ...good, name: undefined },
      { ...good, email: undefined },
      { ...good, bike: 'Rad 99' },
      { ...good, bike: 42 },
      { ...good, bike: 'x'.repeat(65) },
      { ...good, day: '2026-02-30' },
      { ...good, day: '31.12.2026' },
      { ...good, day: 'morgen' },
      { ...good, day: '2020-01-01' },
      { ...good, from: '24:00' },
      { ...good, from: '9:00' },
      { ...good, to: '25:61' },
      { ...good, from: '12:00', to: '10:00' },
      { ...good, from: '10:00', to: '10:00' },
      { ...good, from: '10:00', to: '10:10' },
      { ...good, name: '' },
      { ...good, name: 'x' },
      { ...good, name: '12345' },
      { ...good, name: '<script>alert(1)</script>' },
      { ...good, name: 'a'.repeat(150) },
      { ...good, name: 'x'.repeat(500) },
      { ...good, name: ['Olga'] },
      { ...good, email: '' },
      { ...good, email: 'olga' },
      { ...good, email: 'olga@' },
      { ...good, email: '@example.org' },
      { ...good, email: 'olga example@example.org' },
      { ...good, email: `${'a'.repeat(250)}@example.org` },
      { ...good, email: 17 },
      { ...good, phone: 'abc' },
      { ...good, phone: '12' },
      { ...good, phone: '1'.repeat(41) },
      { ...good, locale: 'fr' },
      { ...good, website: 'x'.repeat(501) },
      { ...good, day: null },
      { ...good, email: { $ne: '' } },
      [],
      'nur Text',
    ];
    expect(bodies.length).toBeGreaterThanOrEqual(40);
    const before = await Promise.all([count('rental_requests'), count('vehicle_bookings'), count('vehicle_booking_guests')]);
    for (const body of bodies) {
      const res = await t.call(TI, {
        method: 'POST',
        url: '/api/public/rental/requests',
        payload: body as object,
        headers: { 'x-forwarded-for': freshIp() },
      });
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(res.json().error.message.length).toBeGreaterThan(5);
    }
    const broken = await t.call(TI, {
      method: 'POST',
      url: '/api/public/rental/requests',
      payload: '{"bike": "Rad 02",',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
    });
    expect(broken.statusCode).toBe(400);
    for (const q of ['day=2026-13-01&from=10:00&to=12:00', 'day=&from=&to=', 'from=10:00', `day=${day}&from=12:00&to=10:00`]) {
      const res = await t.call(TI, { method: 'GET', url: `/api/public/rental/bikes?${q}`, headers: { 'x-forwarded-for': freshIp() } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await Promise.all([count('rental_requests'), count('vehicle_bookings'), count('vehicle_booking_guests')])).toEqual(before);
  });
});
