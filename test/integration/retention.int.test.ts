import { withTenant } from '@db/client';
import { DEMO_PASSWORD } from '@db/seed/demo-data';
import { runRetention, runRetentionForTenant } from '@server/areas/privacy/retention';
import { findTenantByDomain } from '@server/areas/tenant/tenant-repository';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { SW, TI } from './vehicle-support';

/**
 * Retention and erasure (decision 150): the nightly run anonymises what ended
 * before the tenant's periods and changes nothing on a second run; the logbook
 * stays; deleting a person removes their name, address, rights, licence and scans.
 */
describe.each(DB_KINDS)('retention and deleting a person on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let swId: string;
  let tiId: string;
  const DAY = 86_400_000;
  const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

  const rows = async <T>(tenantId: string, q: ReturnType<typeof sql>) =>
    ((await withTenant(t.database.db, tenantId, (tx) => tx.execute(q))) as unknown as { rows: T[] }).rows;
  const one = async <T>(tenantId: string, q: ReturnType<typeof sql>) => (await rows<T>(tenantId, q))[0]!;
  const idOf = async (tenantId: string, email: string) =>
    (await one<{ id: string }>(tenantId, sql`select id::text as id from users where email = ${email}`)).id;
  const call = (cookie: string, method: string, url: string, payload?: object, host = SW) =>
    t.call(host, { method: method as 'GET', url, cookie, ...(payload ? { payload } : {}) });

  /** Everything of the logbook, to compare before and after. */
  const logbook = (tenantId: string) =>
    rows<{ id: string; driver_id: string | null; driver_name: string; reason: string | null; destination: string | null }>(
      tenantId,
      sql`select id::text as id, driver_id::text as driver_id, driver_name, reason, destination from logbook_entries order by id`,
    );

  interface Seeded {
    seat: string;
    cancelled: string;
    driven: string;
    guest: string;
    recent: string;
    foreign: string;
    driver: string;
  }
  let seeded: Seeded;

  async function vehicleBooking(tenantId: string, p: { vehicle: string; person: string; days: number; status: string; reason: string }) {
    return (
      await one<{ id: string }>(
        tenantId,
        sql`insert into vehicle_bookings (tenant_id, vehicle_id, von, bis, blocked_until, status, booked_by_id, driver_id, reason, destination, passengers, info_text)
            values (${tenantId}, ${p.vehicle}::uuid, ${ago(p.days)}::timestamptz, ${ago(p.days - 0.1)}::timestamptz, ${ago(p.days - 0.1)}::timestamptz,
                    ${p.status}, ${p.person}::uuid, ${p.person}::uuid, ${p.reason}, 'Kundentermin Hafenstraße 3', 'Erika Beispiel', 'Schlüssel bei Herrn Kunde')
            returning id::text as id`,
      )
    ).id;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login(SW, 'admin@stadtwerke.test');
    swId = (await findTenantByDomain(t.database.db, SW))!.id;
    tiId = (await findTenantByDomain(t.database.db, TI))!.id;
    const driver = await idOf(swId, 'fuhrpark@stadtwerke.test');
    const swVehicle = (await one<{ id: string }>(swId, sql`select id::text as id from vehicles order by license_plate limit 1`)).id;
    const tiVehicle = (await one<{ id: string }>(tiId, sql`select id::text as id from vehicles order by license_plate limit 1`)).id;
    const tiPerson = await idOf(tiId, 'empfang@tourismus.test');
    const room = (
      await one<{ id: string }>(swId, sql`select id::text as id from reading_rooms where kind = 'platz' order by designation limit 1`)
    ).id;
    const seat = (
      await one<{ id: string }>(
        swId,
        sql`insert into reading_room_bookings (tenant_id, reading_room_id, von, bis, status, booker_id, exclusive_person_id)
            values (${swId}, ${room}::uuid, ${ago(800)}::timestamptz, ${ago(799.9)}::timestamptz, 'durchgeführt', ${driver}::uuid, ${driver}::uuid)
            returning id::text as id`,
      )
    ).id;
    const cancelled = await vehicleBooking(swId, {
      vehicle: swVehicle,
      person: driver,
      days: 900,
      status: 'storniert',
      reason: 'Messe Hannover',
    });
    const driven = await vehicleBooking(swId, {
      vehicle: swVehicle,
      person: driver,
      days: 1000,
      status: 'durchgeführt',
      reason: 'Baustelle Nord',
    });
    await rows(
      swId,
      sql`insert into logbook_entries (tenant_id, id, entry_id, revision, kind, vehicle_id, booking_id, started_at, ended_at, odometer_start, odometer_end,
                                       driver_id, driver_name, destination, reason, partner, trip_kind)
          select ${swId}, x.id, x.id, 1, 'FAHRT', ${swVehicle}::uuid, ${driven}::uuid, ${ago(1000)}::timestamptz, ${ago(999.9)}::timestamptz, 100, 142,
                 ${driver}::uuid, 'Felix Fuhrmann', 'Baustelle Nord', 'Leitungsprüfung', 'Bauamt', 'dienstlich'
            from (select gen_random_uuid() as id) x`,
    );
    const guest = await vehicleBooking(swId, {
      vehicle: swVehicle,
      person: driver,
      days: 300,
      status: 'durchgeführt',
      reason: 'Gastfahrt',
    });
    await rows(
      swId,
      sql`insert into vehicle_booking_guests (tenant_id, booking_id, name, email, phone, notes, token_hash)
          values (${swId}, ${guest}::uuid, 'Gustav Gast', 'gustav@example.org', '+49 40 123', 'Allergie', repeat('a', 64))`,
    );
    await rows(
      swId,
      sql`insert into guest_licence_checks (tenant_id, booking_id, guest_name, guest_email, checked_on, examiner_id, method, classes, licence_number, issue_date)
          values (${swId}, ${guest}::uuid, 'Gustav Gast', 'gustav@example.org', current_date - 300, ${driver}::uuid, 'persoenlich', array['B'], 'G1', '2000-01-01')`,
    );
    const recent = await vehicleBooking(swId, { vehicle: swVehicle, person: driver, days: 30, status: 'storniert', reason: 'Schulung' });
    const foreign = await vehicleBooking(tiId, {
      vehicle: tiVehicle,
      person: tiPerson,
      days: 900,
      status: 'storniert',
      reason: 'Fremder Mandant',
    });
    seeded = { seat, cancelled, driven, guest, recent, foreign, driver };
  });
  afterAll(() => t?.close());

  const booking = (id: string) =>
    one<{
      reason: string | null;
      destination: string | null;
      passengers: string | null;
      info_text: string | null;
      booked_by: string;
      driver: string;
      anonymised: boolean;
    }>(
      swId,
      sql`select b.reason, b.destination, b.passengers, b.info_text, ub.first_name || ' ' || ub.last_name as booked_by,
                 ud.first_name || ' ' || ud.last_name as driver, b.anonymised_at is not null as anonymised
            from vehicle_bookings b join users ub on ub.tenant_id = b.tenant_id and ub.id = b.booked_by_id
            join users ud on ud.tenant_id = b.tenant_id and ud.id = b.driver_id where b.id = ${id}::uuid`,
    );

  it('anonymises what ended before the periods, keeps the logbook and the recent, and a second run changes nothing', async () => {
    const logbookBefore = await logbook(swId);
    const evaluationBefore = await rows(swId, sql`select * from vehicle_department_days order by day, location_id, department_id`);
    const first = await runRetentionForTenant(t.deps, swId);
    expect(first).toMatchObject({ seats: 1, guests: 1 });
    // Exactly the seeded ones: the demo's own data is younger than every default period.
    expect(first.vehicles).toBe(2);

    const cancelled = await booking(seeded.cancelled);
    expect(cancelled).toMatchObject({
      reason: null,
      destination: null,
      passengers: null,
      info_text: null,
      booked_by: 'Anonymisierte Person',
      driver: 'Anonymisierte Person',
      anonymised: true,
    });
    // A driven trip keeps its driver (the logbook names them), loses the booking's own copy of the details.
    const driven = await booking(seeded.driven);
    expect(driven).toMatchObject({ reason: null, destination: null, booked_by: 'Anonymisierte Person', driver: 'Felix Fuhrmann' });
    expect(await booking(seeded.recent)).toMatchObject({ reason: 'Schulung', booked_by: 'Felix Fuhrmann', anonymised: false });

    const seat = await one<{ booker: string; exclusive: string | null }>(
      swId,
      sql`select u.first_name || ' ' || u.last_name as booker, b.exclusive_person_id::text as exclusive
            from reading_room_bookings b join users u on u.tenant_id = b.tenant_id and u.id = b.booker_id where b.id = ${seeded.seat}::uuid`,
    );
    expect(seat).toEqual({ booker: 'Anonymisierte Person', exclusive: null });
    const guest = await one<{ name: string; email: string; phone: string | null; notes: string | null; checks: number }>(
      swId,
      sql`select g.name, g.email, g.phone, g.notes, (select count(*)::int from guest_licence_checks c where c.booking_id = g.booking_id) as checks
            from vehicle_booking_guests g where g.booking_id = ${seeded.guest}::uuid`,
    );
    expect(guest).toEqual({ name: 'Anonymisierter Gast', email: '', phone: null, notes: null, checks: 0 });

    // The API that shows a booking names nobody any more.
    const shown = await call(admin, 'GET', `/api/vehicle-bookings/${seeded.cancelled}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().booking.bookedFor.name).toBe('Anonymisierte Person');
    expect(shown.body).not.toContain('Fuhrmann');
    expect(shown.body).not.toContain('Messe Hannover');

    // The placeholders are no people to manage, and the evaluations count as before.
    const people = (await call(admin, 'GET', '/api/users?page=1&pageSize=100&sort=name&dir=asc')).json();
    expect(JSON.stringify(people)).not.toContain('Anonymisierte');
    expect(await rows(swId, sql`select * from vehicle_department_days order by day, location_id, department_id`)).toEqual(evaluationBefore);
    expect(await logbook(swId)).toEqual(logbookBefore);

    const state = () => rows(swId, sql`select id, booked_by_id, driver_id, reason, anonymised_at from vehicle_bookings order by id`);
    const before = await state();
    const second = await runRetentionForTenant(t.deps, swId);
    expect(second).toEqual({
      tenantId: swId,
      seats: 0,
      vehicles: 0,
      guests: 0,
      rentalRequests: 0,
      series: 0,
      mails: 0,
      logbookEntries: 0,
      auditEntries: 0,
      logs: 0,
    });
    expect(await state()).toEqual(before);
    expect(await logbook(swId)).toEqual(logbookBefore);

    const trail = (await call(admin, 'GET', '/api/admin/audit?subjectType=aufbewahrung&page=1&pageSize=10')).json();
    expect(JSON.stringify(trail)).toContain('Fahrzeugbuchungen anonymisiert');
  });

  it('ends what the periods and the law let go: old series and mails, the logbook after ten years, the trail after three', async () => {
    const year = Number(new Date().toISOString().slice(0, 4));
    const person = await idOf(swId, 'mitarbeiter@stadtwerke.test');
    const vehicle = (await one<{ id: string }>(swId, sql`select id::text as id from vehicles order by license_plate limit 1`)).id;
    const room = (await one<{ id: string }>(swId, sql`select id::text as id from reading_rooms limit 1`)).id;
    const seatSeries = async (endedDaysAgo: number) =>
      (
        await one<{ id: string }>(
          swId,
          sql`insert into booking_series (tenant_id, booker_id, reading_room_id, rule, from_time, to_time, booked_through, ended_at)
              values (${swId}, ${person}::uuid, ${room}::uuid, '{}'::jsonb, '08:00', '12:00', ${ago(endedDaysAgo).slice(0, 10)}::date, ${ago(endedDaysAgo)}::timestamptz)
              returning id::text as id`,
        )
      ).id;
    const oldSeats = await seatSeries(3 * 365);
    const newSeats = await seatSeries(30);
    const oldTrips = (
      await one<{ id: string }>(
        swId,
        sql`insert into vehicle_series (tenant_id, vehicle_id, booked_by_id, driver_id, rule, from_time, to_time, details, booked_through, ended_at)
            values (${swId}, ${vehicle}::uuid, ${person}::uuid, ${person}::uuid, '{}'::jsonb, '08:00', '12:00', '{"reason":"Zählerablesung"}'::jsonb,
                    ${ago(3 * 365).slice(0, 10)}::date, ${ago(3 * 365)}::timestamptz)
            returning id::text as id`,
      )
    ).id;
    const mail = async (daysAgo: number) =>
      (
        await one<{ id: string }>(
          swId,
          sql`insert into mail_outbox (tenant_id, "to", subject, text, html, status, created_at)
              values (${swId}, 'mitarbeiter@stadtwerke.test', 'Ihre Buchung', 'Max Mustermann', '<p>Max Mustermann</p>', 'gesendet', ${ago(daysAgo)}::timestamptz)
              returning id::text as id`,
        )
      ).id;
    const oldMail = await mail(3 * 365);
    const newMail = await mail(10);
    // Trips of the year eleven years back may go; those of ten years back stay until next New Year.
    const trip = async (tripYear: number) =>
      (
        await one<{ id: string }>(
          swId,
          sql`with n as (select gen_random_uuid() as id)
              insert into logbook_entries (tenant_id, id, entry_id, revision, kind, vehicle_id, started_at, ended_at, odometer_start, odometer_end,
                                           driver_id, driver_name, trip_kind)
              select ${swId}, n.id, n.id, 1, 'FAHRT', ${vehicle}::uuid, ${`${tripYear}-06-01T08:00:00Z`}::timestamptz, ${`${tripYear}-06-01T10:00:00Z`}::timestamptz,
                     1000, 1050, ${person}::uuid, 'Max Mustermann', 'dienstlich' from n
              returning id::text as id`,
        )
      ).id;
    const oldTrip = await trip(year - 11);
    const keptTrip = await trip(year - 10);
    const entry = async (entryYear: number) =>
      (
        await one<{ id: string }>(
          swId,
          sql`insert into audit_log (tenant_id, at, actor_id, actor_name, action, subject_type, subject_id, subject_name, changes)
              values (${swId}, ${`${entryYear}-03-01T10:00:00Z`}::timestamptz, null, 'Anna Adler', 'einsehen', 'zugriff', ${person}, 'Max Mustermann', '[]'::jsonb)
              returning id::text as id`,
        )
      ).id;
    const log = async (daysAgo: number) =>
      (
        await one<{ id: string }>(
          swId,
          sql`insert into logs (tenant_id, level, message, category, created_at)
              values (${swId}, 'INFO', 'Buchung von Max Mustermann', 'fahrzeug', ${ago(daysAgo)}::timestamptz) returning id::text as id`,
        )
      ).id;
    const oldLog = await log(400);
    const newLog = await log(300);
    const oldEntry = await entry(year - 4);
    const keptEntry = await entry(year - 3);

    // The database itself refuses a cut-off later than the law allows, even in the run's own way.
    await expect(
      withTenant(t.database.db, swId, async (tx) => {
        await tx.execute(sql`select set_config('buchbar.purge_logbook_before', ${new Date().toISOString()}, true)`);
        await tx.execute(sql`delete from logbook_entries where id = ${keptTrip}::uuid`);
      }),
    ).rejects.toThrow();
    await expect(
      withTenant(t.database.db, swId, async (tx) => {
        await tx.execute(sql`select set_config('buchbar.purge_audit_before', ${new Date().toISOString()}, true)`);
        await tx.execute(sql`delete from audit_log where id = ${keptEntry}::bigint`);
      }),
    ).rejects.toThrow();

    const first = await runRetentionForTenant(t.deps, swId);
    expect(first).toMatchObject({ series: 1, mails: 1, logbookEntries: 1, auditEntries: 1, logs: 1 });
    const exists = async (table: string, id: string) =>
      (await one<{ n: number }>(swId, sql`select count(*)::int as n from ${sql.raw(table)} where id::text = ${id}`)).n === 1;
    expect(await exists('logbook_entries', oldTrip)).toBe(false);
    expect(await exists('logbook_entries', keptTrip)).toBe(true);
    expect(await exists('audit_log', oldEntry)).toBe(false);
    expect(await exists('audit_log', keptEntry)).toBe(true);
    expect(await exists('mail_outbox', oldMail)).toBe(false);
    expect(await exists('mail_outbox', newMail)).toBe(true);
    expect(await exists('logs', oldLog)).toBe(false);
    expect(await exists('logs', newLog)).toBe(true);
    const seriesPeople = await rows<{ id: string; name: string; details: unknown }>(
      swId,
      sql`select s.id::text as id, u.first_name || ' ' || u.last_name as name, null as details
            from booking_series s join users u on u.tenant_id = s.tenant_id and u.id = s.booker_id where s.id in (${oldSeats}::uuid, ${newSeats}::uuid)
          union all
          select s.id::text, d.first_name || ' ' || d.last_name, s.details
            from vehicle_series s join users d on d.tenant_id = s.tenant_id and d.id = s.driver_id where s.id = ${oldTrips}::uuid`,
    );
    expect(Object.fromEntries(seriesPeople.map((r) => [r.id, [r.name, r.details]]))).toEqual({
      [oldSeats]: ['Anonymisierte Person', null],
      [newSeats]: ['Max Mustermann', null],
      [oldTrips]: ['Anonymisierte Person', {}],
    });

    const again = await runRetentionForTenant(t.deps, swId);
    expect(again).toMatchObject({ series: 0, mails: 0, logbookEntries: 0, auditEntries: 0, logs: 0 });
    const trail = JSON.stringify((await call(admin, 'GET', '/api/admin/audit?subjectType=aufbewahrung&page=1&pageSize=10')).json());
    expect(trail).toContain('Fahrtenbucheinträge gelöscht (nach 10 Jahren)');
  });

  it('leaves another tenant alone, and a tenant that keeps without limit', async () => {
    const foreign = () =>
      one<{ reason: string | null; anonymised: boolean }>(
        tiId,
        sql`select reason, anonymised_at is not null as anonymised from vehicle_bookings where id = ${seeded.foreign}::uuid`,
      );
    expect(await foreign()).toEqual({ reason: 'Fremder Mandant', anonymised: false });
    const ti = await t.login(TI, 'admin@tourismus.test');
    for (const name of ['aufbewahrungBuchungenMonate', 'aufbewahrungFahrtdetailsMonate', 'aufbewahrungGaestedatenMonate']) {
      const set = await call(ti, 'PUT', `/api/settings/${name}`, { layer: 'MANDANT', value: 0 }, TI);
      expect(set.statusCode, set.body).toBe(200);
    }
    await runRetention(t.deps);
    expect(await foreign()).toEqual({ reason: 'Fremder Mandant', anonymised: false });
  });

  it('refuses a period out of range with the settings message', async () => {
    const res = await call(admin, 'PUT', '/api/settings/aufbewahrungBuchungenMonate', { layer: 'MANDANT', value: -1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Neuer Customizing Wert -1 konnte nicht in Schicht MANDANT gespeichert werden');
  });

  it('deletes a person: name, address, sign-in, rights, licence and scans go; the logbook keeps the driver', async () => {
    const email = 'mitarbeiter@stadtwerke.test';
    const person = await t.login(SW, email);
    const id = await idOf(swId, email);
    const vehicle = (await one<{ id: string }>(swId, sql`select id::text as id from vehicles order by license_plate limit 1`)).id;
    const past = await vehicleBooking(swId, { vehicle, person: id, days: 1, status: 'durchgeführt', reason: 'Kundenbesuch' });
    // A scan on the person's latest check, in the file store.
    const check = await one<{ id: string }>(swId, sql`select id::text as id from licence_checks where user_id = ${id}::uuid limit 1`);
    const scanPath = `${id}/${check.id}.png`;
    await t.deps.storage.put('fuehrerscheine', swId, scanPath, Buffer.from('png'), 'image/png');
    await rows(swId, sql`update licence_checks set scan_path = ${scanPath}, scan_content_type = 'image/png' where id = ${check.id}::uuid`);
    const logbookBefore = await logbook(swId);

    const res = await call(admin, 'DELETE', `/api/users/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Die Person wurde gelöscht.');

    expect((await call(person, 'GET', '/api/session/me')).statusCode).toBe(401);
    const login = await t.call(SW, { method: 'POST', url: '/api/session/login', payload: { email, password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(401);
    const row = await one<{
      first_name: string;
      last_name: string;
      email: string;
      status: string;
      links: number;
      checks: number;
      current: number;
    }>(
      swId,
      sql`select first_name, last_name, email, status,
                 (select count(*)::int from user_groups where user_id = u.id) + (select count(*)::int from user_roles where user_id = u.id)
                   + (select count(*)::int from user_permissions where user_id = u.id) as links,
                 (select count(*)::int from licence_checks where user_id = u.id) as checks,
                 (select count(*)::int from current_licences where user_id = u.id) as current
            from users u where id = ${id}::uuid`,
    );
    expect(row).toMatchObject({ first_name: 'Gelöschte', last_name: 'Person', status: 'geloescht', links: 0, checks: 0, current: 0 });
    expect(row.email).not.toContain('mitarbeiter');
    expect(await t.deps.storage.get('fuehrerscheine', swId, scanPath)).toBeNull();

    const shown = (await call(admin, 'GET', `/api/vehicle-bookings/${past}`)).json();
    expect(shown.booking.bookedFor.name).toBe('Gelöschte Person');
    const timeline = await call(admin, 'GET', `/api/vehicles/timeline?from=${ago(3)}&to=${ago(-1)}`);
    expect(timeline.body).toContain('Gelöschte Person');
    expect(timeline.body).not.toContain('Mustermann');
    expect((await call(admin, 'GET', `/api/users/${id}`)).statusCode).toBe(404);
    expect(JSON.stringify((await call(admin, 'GET', '/api/users?page=1&pageSize=100&sort=name&dir=asc')).json())).not.toContain(
      'Gelöschte',
    );
    expect(await logbook(swId)).toEqual(logbookBefore);
    const trail = JSON.stringify((await call(admin, 'GET', '/api/admin/audit?page=1&pageSize=200')).json());
    expect(trail).not.toContain('Mustermann');
    expect(trail).toContain('Gelöschte Person');
    // An en-us reader sees the placeholder in English on the same screens (decision 169).
    expect((await call(admin, 'PUT', '/api/session/locale', { locale: 'en-us' })).statusCode).toBe(200);
    try {
      expect((await call(admin, 'GET', `/api/vehicle-bookings/${past}`)).json().booking.bookedFor.name).toBe('Deleted person');
      const english = await call(admin, 'GET', `/api/vehicles/timeline?from=${ago(3)}&to=${ago(-1)}`);
      expect(english.body).toContain('Deleted person');
      expect(english.body).not.toContain('Gelöschte');
      expect(english.headers.etag).toBeUndefined();
      const englishTrail = JSON.stringify((await call(admin, 'GET', '/api/admin/audit?page=1&pageSize=200')).json());
      expect(englishTrail).toContain('Deleted person');
      expect(englishTrail).not.toContain('Gelöschte Person');
    } finally {
      await call(admin, 'PUT', '/api/session/locale', { locale: 'de-de' });
    }

    // The address is free: the person can be invited again as someone new.
    const again = await call(admin, 'POST', '/api/users', { firstName: 'Max', lastName: 'Mustermann', email, roleIds: [], groupIds: [] });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).not.toBe(id);
    expect((await call(admin, 'DELETE', `/api/users/${id}`)).statusCode).toBe(404);
  });

  it('refuses to delete oneself and the last person who can manage rights', async () => {
    const adminId = await idOf(swId, 'admin@stadtwerke.test');
    const self = await call(admin, 'DELETE', `/api/users/${adminId}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe('Sie können sich nicht selbst löschen.');
    const fleet = await idOf(swId, 'fuhrpark@stadtwerke.test');
    const grant = await call(admin, 'PUT', `/api/users/${fleet}/access`, {
      roleIds: [],
      groupIds: [],
      permissions: [{ name: 'benutzer_pflegen', value: 'true' }],
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const fleetCookie = await t.login(SW, 'fuhrpark@stadtwerke.test');
    const last = await call(fleetCookie, 'DELETE', `/api/users/${adminId}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(
      'Diese Person ist die letzte, die Benutzer oder Berechtigungen pflegen darf, und kann daher nicht gelöscht werden. Geben Sie das Recht zuerst einer anderen Person.',
    );
    const ti = await t.login(TI, 'admin@tourismus.test');
    expect((await call(ti, 'DELETE', `/api/users/${fleet}`, undefined, TI)).statusCode).toBe(404);
  });
});
