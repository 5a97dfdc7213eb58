import { withTenant } from '@db/client';
import { instantOf } from '@domain/opening-hours';
import { insertAssignment } from '@server/areas/lockers/locker-repository';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { BIB, floorPlanIds, inDays, SW, TOUR, tenantIds, today } from './reading-room-support';

type Row = Record<string, unknown>;
const rows = (r: unknown) => (r as { rows: Row[] }).rows;

const MSG = {
  noDesk: 'Für diesen Tag haben Sie keine Schreibtischbuchung auf diesem Grundriss.',
  taken: 'Dieser Spind ist an diesem Tag bereits vergeben.',
  alreadyHolding: 'Sie haben für diesen Tag bereits einen Spind.',
  noneFree: 'Auf diesem Grundriss ist an diesem Tag kein Spind mehr frei.',
  pastDay: 'Spinde können nur für heute oder künftige Tage vergeben werden.',
  notOffice: 'Spinde gibt es nur auf Grundrissen der Arbeitswelt.',
  duplicateNumber: 'Auf diesem Grundriss gibt es bereits einen Spind mit dieser Nummer.',
  numberInvalid: 'Die Spindnummer muss 1 bis 20 Zeichen lang sein.',
};

describe.each(DB_KINDS)('office lockers on %s', (kind) => {
  let t: TestApp;
  let tenants: Record<string, string>;
  let admin: string;
  let staff: string;
  let plan: string;
  const lockers: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.call(SW, { method, url, cookie, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

  /** A desk booking on the office plan straight in the database: the locker rules only ask whether one exists. */
  async function desk(email: string, day: string) {
    const sw = tenants.stadtwerke!;
    await t.database.db.execute(sql`
      insert into reading_room_bookings (tenant_id, reading_room_id, von, bis, status, booker_id)
      select ${sw}, r.id, ${instantOf(day, '08:00').toISOString()}::timestamptz, ${instantOf(day, '17:00').toISOString()}::timestamptz,
             'reserviert', u.id
        from reading_rooms r, users u
       where r.tenant_id = ${sw} and r.floor_plan_id = ${plan}::uuid and u.tenant_id = ${sw} and u.email = ${email}
         and not exists (select 1 from reading_room_bookings x
                          where x.tenant_id = r.tenant_id and x.reading_room_id = r.id and x.status in ('vorgemerkt', 'reserviert')
                            and x.von < ${instantOf(day, '17:00').toISOString()}::timestamptz and x.bis > ${instantOf(day, '08:00').toISOString()}::timestamptz)
       order by r.designation desc limit 1`);
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    tenants = await tenantIds(t);
    admin = await t.login(SW, 'admin@stadtwerke.test');
    staff = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    plan = (await floorPlanIds(t, SW, admin, 'arbeitswelt'))['Verwaltung 2. OG']!;
    // The demo lockers 1–8 make way for the ones these tests place themselves.
    await t.database.db.execute(sql`delete from lockers where tenant_id = ${tenants.stadtwerke!}`);
    for (const r of rows(
      await t.database.db.execute(sql`select id::text as id, email from users where tenant_id = ${tenants.stadtwerke!}`),
    ))
      ids[String(r.email)] = String(r.id);
    for (const d of [0, 1, 3]) {
      await desk('mitarbeiter@stadtwerke.test', inDays(d));
      await desk('admin@stadtwerke.test', inDays(d));
      // The demo seats the fleet manager only when tomorrow is a working day: give the desk here so any weekday works.
      await desk('fuhrpark@stadtwerke.test', inDays(d));
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('room admins place lockers on office floor plans; numbers are unique per plan and 1–20 characters', async () => {
    for (const [number, x] of [
      ['10', 80],
      ['2', 20],
      ['1', 10],
    ] as const) {
      const res = await call(admin, 'POST', '/api/admin/lockers', { floorPlanId: plan, number, posX: x, posY: 90 });
      expect(res.statusCode).toBe(200);
      lockers[number] = res.json().locker.id;
    }
    const list = await call(admin, 'GET', `/api/admin/lockers?floorPlanId=${plan}`);
    expect(list.json().lockers.map((l: Row) => l.number)).toEqual(['1', '2', '10']);
    const dup = await call(admin, 'POST', '/api/admin/lockers', { floorPlanId: plan, number: ' 2 ', posX: 5, posY: 5 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(MSG.duplicateNumber);
    const empty = await call(admin, 'POST', '/api/admin/lockers', { floorPlanId: plan, number: '  ', posX: 5, posY: 5 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(MSG.numberInvalid);
    const outside = await call(admin, 'POST', '/api/admin/lockers', { floorPlanId: plan, number: '99', posX: 101, posY: 5 });
    expect(outside.statusCode).toBe(400);
    const moved = await call(admin, 'PATCH', `/api/admin/lockers/${lockers['10']}`, { posX: 75 });
    expect(moved.json().locker).toMatchObject({ number: '10', posX: 75, posY: 90, active: true });
    const rename = await call(admin, 'PATCH', `/api/admin/lockers/${lockers['10']}`, { number: '1' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error.message).toBe(MSG.duplicateNumber);
  });

  it('refuses lockers on reading-room plans, other tenants’ plans, and to people without the room permission', async () => {
    const bibAdmin = await t.login(BIB, 'admin@bibliothek.test');
    const reading = (await floorPlanIds(t, BIB, bibAdmin, 'leseraum'))['Lesesaal Erdgeschoss']!;
    const own = await t.call(BIB, { method: 'GET', url: `/api/admin/lockers?floorPlanId=${reading}`, cookie: bibAdmin });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(MSG.notOffice);
    const foreign = await call(admin, 'POST', '/api/admin/lockers', { floorPlanId: reading, number: '1', posX: 5, posY: 5 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Grundriss nicht gefunden.');
    const foreignPatch = await t.call(BIB, {
      method: 'PATCH',
      url: `/api/admin/lockers/${lockers['1']}`,
      cookie: bibAdmin,
      payload: { posX: 1 },
    });
    expect(foreignPatch.statusCode).toBe(404);
    const denied = await call(staff, 'POST', '/api/admin/lockers', { floorPlanId: plan, number: '3', posX: 5, posY: 5 });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('no admin');
    const fleet = await t.login(SW, 'fuhrpark@stadtwerke.test');
    const noRooms = await call(fleet, 'GET', `/api/admin/lockers?floorPlanId=${plan}`);
    expect(noRooms.statusCode).toBe(403);
    expect(noRooms.json().error.message).toBe('no ausstattung');
  });

  it('an employee with a desk booking gets the free locker with the lowest number, sees its number and place, and gives it back', async () => {
    const day = inDays(1);
    const before = await call(staff, 'GET', `/api/lockers?date=${day}`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ day, mine: null, desks: [{ floorPlanId: plan, floorPlan: 'Verwaltung 2. OG' }] });
    expect(before.json().lockers.map((l: Row) => [l.number, l.free])).toEqual([
      ['1', true],
      ['2', true],
      ['10', true],
    ]);
    const got = await call(staff, 'POST', '/api/lockers/assignments', { date: day, floorPlanId: plan });
    expect(got.statusCode).toBe(200);
    expect(got.json().mine).toMatchObject({ number: '1', floorPlan: 'Verwaltung 2. OG', posX: 10, posY: 90 });
    const again = await call(staff, 'POST', '/api/lockers/assignments', { date: day, lockerId: lockers['2'] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MSG.alreadyHolding);
    // the admin picks the taken one, then lets the system choose
    const taken = await call(admin, 'POST', '/api/lockers/assignments', { date: day, lockerId: lockers['1'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(MSG.taken);
    const picked = await call(admin, 'POST', '/api/lockers/assignments', { date: day, floorPlanId: plan });
    expect(picked.json().mine.number).toBe('2');
    expect(picked.json().lockers.map((l: Row) => [l.number, l.free])).toEqual([
      ['1', false],
      ['2', false],
      ['10', true],
    ]);
    // nobody but the holder can give a locker back; a foreign id looks like a missing one
    const foreign = await call(admin, 'DELETE', `/api/lockers/assignments/${got.json().mine.assignmentId}`);
    expect(foreign.statusCode).toBe(404);
    const back = await call(staff, 'DELETE', `/api/lockers/assignments/${got.json().mine.assignmentId}`);
    expect(back.statusCode).toBe(200);
    expect(back.json().mine).toBeNull();
    expect(back.json().lockers.find((l: Row) => l.number === '1').free).toBe(true);
    // an out-of-service locker is neither shown nor given
    await call(admin, 'PATCH', `/api/admin/lockers/${lockers['10']}`, { active: false });
    const inactive = await call(staff, 'POST', '/api/lockers/assignments', { date: day, lockerId: lockers['10'] });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error.message).toBe('Dieser Spind ist außer Betrieb.');
    const last = await call(staff, 'POST', '/api/lockers/assignments', { date: day, floorPlanId: plan });
    expect(last.json().mine.number).toBe('1');
    // the fleet manager has a desk that day too, but 1 and 2 are held and 10 is out of service
    const none = await call(await t.login(SW, 'fuhrpark@stadtwerke.test'), 'POST', '/api/lockers/assignments', {
      date: day,
      floorPlanId: plan,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(MSG.noneFree);
    await call(admin, 'PATCH', `/api/admin/lockers/${lockers['10']}`, { active: true });
  });

  it('says when no locker is free, when there is no desk booking, and refuses past days', async () => {
    const day = inDays(1);
    const full = await call(admin, 'GET', `/api/lockers?date=${day}`);
    expect(
      full
        .json()
        .lockers.filter((l: Row) => l.free)
        .map((l: Row) => l.number),
    ).toEqual(['10']);
    // the admin releases and retakes on the last free one so that none is left
    await call(admin, 'DELETE', `/api/lockers/assignments/${full.json().mine.assignmentId}`);
    await call(admin, 'POST', '/api/lockers/assignments', { date: day, lockerId: lockers['10'] });
    const pid = ids['pruefer@stadtwerke.test']!;
    expect(pid).toBeDefined();
    await desk('pruefer@stadtwerke.test', day);
    const pruefer = await t.login(SW, 'pruefer@stadtwerke.test');
    await withTenant(t.database.db, tenants.stadtwerke!, (tx) =>
      insertAssignment(tx, tenants.stadtwerke!, lockers['2']!, ids['fuhrpark@stadtwerke.test']!, day),
    );
    const noneFree = await call(pruefer, 'POST', '/api/lockers/assignments', { date: day, floorPlanId: plan });
    expect(noneFree.statusCode).toBe(409);
    expect(noneFree.json().error.message).toBe(MSG.noneFree);
    const noDesk = await call(staff, 'POST', '/api/lockers/assignments', { date: inDays(2), floorPlanId: plan });
    expect(noDesk.statusCode).toBe(409);
    expect(noDesk.json().error.message).toBe(MSG.noDesk);
    const past = await call(staff, 'POST', '/api/lockers/assignments', { date: inDays(-1), floorPlanId: plan });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe(MSG.pastDay);
    const bad = await call(staff, 'POST', '/api/lockers/assignments', { date: today() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Bitte einen Spind oder einen Grundriss angeben.');
    const badDay = await call(staff, 'GET', '/api/lockers?date=2026-02-30');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().error.message).toBe('Bitte geben Sie ein gültiges Datum für „Datum“ an (TT.MM.JJJJ).');
  });

  it('50 parallel requests for one locker: exactly one person gets it', async () => {
    const day = inDays(3);
    const cookies = [staff, admin];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(cookies[i % 2]!, 'POST', '/api/lockers/assignments', { date: day, lockerId: lockers['10'] }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const messages = new Set(results.filter((r) => r.statusCode === 409).map((r) => r.json().error.message));
    expect([...messages].every((m) => m === MSG.taken || m === MSG.alreadyHolding)).toBe(true);
    const held = rows(
      await t.database.db.execute(
        sql`select count(*)::int as n from locker_assignments where locker_id = ${lockers['10']}::uuid and day = ${day}::date and released_at is null`,
      ),
    );
    expect(held[0]!.n).toBe(1);
  });

  it('one holder per locker and day: 50 parallel inserts of 50 people, one row, every other a clean refusal', async () => {
    const sw = tenants.stadtwerke!;
    const day = inDays(4);
    const people: string[] = [];
    for (let i = 0; i < 50; i++) {
      const auth = `locker-test-${kind}-${i}`;
      await t.database.db.execute(
        sql`insert into auth_user (id, name, email) values (${auth}, ${`Person ${i}`}, ${`${auth}@stadtwerke.test`})`,
      );
      const r = rows(
        await t.database.db.execute(sql`
          insert into users (tenant_id, auth_user_id, first_name, last_name, email)
          values (${sw}, ${auth}, 'Person', ${String(i)}, ${`${auth}@stadtwerke.test`}) returning id::text as id`),
      );
      people.push(String(r[0]!.id));
    }
    const attempts = await Promise.allSettled(
      people.map((person) => withTenant(t.database.db, sw, (tx) => insertAssignment(tx, sw, lockers['1']!, person, day))),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const codes = attempts
      .filter((a): a is PromiseRejectedResult => a.status === 'rejected')
      .map((a) => (a.reason as { cause?: { code?: string } }).cause?.code);
    // The locker row lock makes the racers take turns: every loser meets the exclusion rule, none a deadlock.
    expect(codes).toEqual(Array.from({ length: 49 }, () => '23P01'));
    // and one person never holds two lockers on one day
    await expect(
      withTenant(t.database.db, sw, async (tx) => {
        await insertAssignment(tx, sw, lockers['2']!, people[0]!, inDays(5));
        await insertAssignment(tx, sw, lockers['10']!, people[0]!, inDays(5));
      }),
    ).rejects.toMatchObject({ cause: { code: '23P01' } });
  });

  it('gives the locker back when the desk booking of that day is cancelled, but not while another desk booking remains', async () => {
    const day = inDays(6);
    const mine = async () => (await call(staff, 'GET', `/api/lockers?date=${day}`)).json().mine;
    await desk('mitarbeiter@stadtwerke.test', day);
    await desk('mitarbeiter@stadtwerke.test', day);
    const bookings = rows(
      await t.database.db.execute(sql`
        select b.id::text as id from reading_room_bookings b
         where b.tenant_id = ${tenants.stadtwerke!} and b.booker_id = ${ids['mitarbeiter@stadtwerke.test']!}::uuid
           and b.status = 'reserviert' and b.von = ${instantOf(day, '08:00').toISOString()}::timestamptz`),
    ).map((r) => String(r.id));
    expect(bookings).toHaveLength(2);
    const got = await call(staff, 'POST', '/api/lockers/assignments', { date: day, floorPlanId: plan });
    expect(got.statusCode).toBe(200);
    const cancelFirst = await call(staff, 'POST', `/api/reading-room-bookings/${bookings[0]}/cancel`);
    expect(cancelFirst.statusCode).toBe(200);
    expect(await mine()).toMatchObject({ number: got.json().mine.number });
    const cancelSecond = await call(staff, 'POST', `/api/reading-room-bookings/${bookings[1]}/cancel`);
    expect(cancelSecond.statusCode).toBe(200);
    expect(await mine()).toBeNull();
    const released = rows(
      await t.database.db.execute(sql`select released_at from locker_assignments where id = ${got.json().mine.assignmentId}::uuid`),
    );
    expect(released[0]!.released_at).not.toBeNull();
  });

  it('keeps the page to tenants with office workplaces and hides other tenants’ assignments', async () => {
    const tourAdmin = await t.login(TOUR, 'admin@tourismus.test');
    const off = await t.call(TOUR, { method: 'GET', url: `/api/lockers?date=${inDays(1)}`, cookie: tourAdmin });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe('Diese Funktion ist für Ihre Organisation nicht eingeschaltet.');
    const anonymous = await t.call(SW, { method: 'GET', url: `/api/lockers?date=${inDays(1)}` });
    expect(anonymous.statusCode).toBe(401);
    const assignment = rows(await t.database.db.execute(sql`select id::text as id from locker_assignments limit 1`))[0]!;
    const bibAdmin = await t.login(BIB, 'admin@bibliothek.test');
    const foreign = await t.call(BIB, { method: 'DELETE', url: `/api/lockers/assignments/${assignment.id}`, cookie: bibAdmin });
    expect([403, 404]).toContain(foreign.statusCode);
  });
});
