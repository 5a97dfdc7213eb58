import { withTenant } from '@db/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import { book, createVehicle, locationId, mailTo, SW, TI, testVehicle, vehicleByPlate } from './vehicle-support';

type Item = { id: string; key: string; label: string; critical: boolean; position: number };
type Checklist = { id: string; name: string; categories: string[]; version: number; versionId: string; items: Item[] };

describe.each(DB_KINDS)('check before the trip (Abfahrtskontrolle) on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let booker: string;
  let fleet: string;
  let english: string;
  let foreign: string;
  let tenantId: string;
  let fahrtart: string;
  let checklist: Checklist;
  /** The first test vehicle's booking, refused until its points are in order. */
  let waiting: string;
  const n = kind === 'pglite' ? 1 : 2;
  const vehicles: { id: string; plate: string }[] = [];

  const list = (cookie = fleet, host = SW) => t.call(host, { method: 'GET', url: '/api/trip-checklists', cookie });
  const save = (payload: object, id?: string, cookie = fleet) =>
    t.call(SW, { method: id ? 'PUT' : 'POST', url: id ? `/api/trip-checklists/${id}` : '/api/trip-checklists', cookie, payload });
  const ofVehicle = (id: string, cookie = booker, host = SW) =>
    t.call(host, { method: 'GET', url: `/api/vehicles/${id}/trip-checklist`, cookie });
  const checksOf = async (id: string) =>
    (await t.call(SW, { method: 'GET', url: `/api/vehicles/${id}/trip-checks`, cookie: fleet })).json().checks as {
      outcome: string;
      version: number;
      answers: { label: string; ok: boolean; note: string | null; damageId: string | null }[];
    }[];
  const damagesOf = async (id: string) =>
    (await t.call(SW, { method: 'GET', url: `/api/vehicles/${id}/damages`, cookie: fleet })).json().damages as {
      id: string;
      description: string;
      fromTrip: boolean;
      status: string;
    }[];
  const count = async (table: string) =>
    Number(
      ((await t.database.db.execute(sql.raw(`select count(*)::int as c from ${table}`))) as unknown as { rows: { c: number }[] }).rows[0]!
        .c,
    );
  /** Books the vehicle from in five minutes for an hour, inside the check-in window. */
  async function booked(vehicleId: string, cookie = booker): Promise<string> {
    const res = await book(t, cookie, {
      vehicleId,
      von: new Date(Date.now() + 5 * 60_000).toISOString(),
      bis: new Date(Date.now() + 65 * 60_000).toISOString(),
      reason: 'Netzinspektion',
      destination: 'Pumpwerk Ost',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().booking.id;
  }
  const start = (bookingId: string, payload: object, cookie = booker) =>
    t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${bookingId}/check-in`, cookie, payload });
  const answers = (c: Pick<Checklist, 'versionId' | 'items'>, over: Record<string, { ok: boolean; note?: string | null }> = {}) => ({
    versionId: c.versionId,
    answers: c.items.map((i) => ({ itemId: i.id, ok: over[i.label]?.ok ?? true, note: over[i.label]?.note ?? null })),
  });
  const statusOf = async (bookingId: string) =>
    (await t.call(SW, { method: 'GET', url: `/api/vehicle-bookings/${bookingId}`, cookie: booker })).json().booking.status as string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
    [booker, fleet, english, foreign] = await Promise.all([
      t.login(SW, 'mitarbeiter@stadtwerke.test'),
      t.login(SW, 'fuhrpark@stadtwerke.test'),
      t.login(SW, 'freigabe@stadtwerke.test'),
      t.login(TI, 'admin@tourismus.test'),
    ]);
    expect(
      (await t.call(SW, { method: 'PUT', url: '/api/session/locale', cookie: english, payload: { locale: 'en-us' } })).statusCode,
    ).toBe(200);
    tenantId = (await t.call(SW, { method: 'GET', url: '/api/tenant' })).json().id;
    const nord = await locationId(t, SW, fleet, 'Betriebshof Nord');
    for (let i = 1; i <= 5; i++) {
      const plate = `MS-AK ${n}0${i}`;
      const v = await createVehicle(t, fleet, testVehicle(nord, plate, { category: 'Prüfwagen' }));
      vehicles.push({ id: v.id, plate });
    }
    const attrs = (await t.call(SW, { method: 'GET', url: '/api/vehicle-attributes?target=FAHRZEUG_VERLAUF', cookie: booker })).json()
      .attributes as { id: string; label: string }[];
    fahrtart = attrs.find((a) => a.label === 'Art der Fahrt')!.id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('demo: the Stadtwerke check their cars and vans, each with its own checklist; the Pritschenwagen has none', async () => {
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { checklists: Checklist[]; vehicleCategories: { category: string; checklistId: string | null }[] };
    const cars = body.checklists.find((c) => c.name === 'Abfahrtskontrolle PKW')!;
    const vans = body.checklists.find((c) => c.name === 'Abfahrtskontrolle Transporter')!;
    expect(cars).toMatchObject({ categories: ['Kleinwagen', 'Kombi', 'Kompaktklasse'], version: 2 });
    expect(cars.items.map((i) => [i.label, i.critical])).toEqual([
      ['Beleuchtung (Scheinwerfer, Blinker, Bremslicht)', true],
      ['Reifen (Profil, sichtbare Schäden)', true],
      ['Bremsen (Funktionsprobe beim Anfahren)', true],
      ['Warndreieck und Warnweste', false],
      ['Verbandkasten (vollständig, haltbar)', false],
      ['Ladekabel an Bord (nur Elektrofahrzeuge)', false],
    ]);
    expect(vans).toMatchObject({ categories: ['Transporter'], version: 1 });
    expect(vans.items.filter((i) => i.critical).map((i) => i.label)).toContain('Ladungssicherung (Spanngurte, Zurrpunkte)');
    const byCategory = new Map(body.vehicleCategories.map((c) => [c.category, c.checklistId]));
    expect(byCategory.get('Kleinwagen')).toBe(cars.id);
    expect(byCategory.get('Transporter')).toBe(vans.id);
    expect(byCategory.get('Pritschenwagen')).toBeNull();

    const golf = await vehicleByPlate(t, booker, 'MS-SW 101');
    expect((await ofVehicle(golf.id)).json().checklist).toMatchObject({
      name: 'Abfahrtskontrolle PKW',
      version: 2,
      versionId: cars.versionId,
    });
    const pickup = await vehicleByPlate(t, booker, 'MS-SW 520');
    expect((await ofVehicle(pickup.id)).json()).toEqual({ checklist: null });

    // Seeded trip starts carry their answers; the Transit's expired first-aid kit left an open damage.
    const transit = await vehicleByPlate(t, booker, 'MS-SW 411');
    const checks = await checksOf(transit.id);
    expect(checks.length).toBeGreaterThan(0);
    const kit = checks.flatMap((c) => c.answers).find((a) => !a.ok)!;
    expect(kit).toMatchObject({ label: 'Verbandkasten (vollständig, haltbar)', note: 'Verbandkasten abgelaufen, Pflaster fehlen' });
    expect((await damagesOf(transit.id)).find((d) => d.id === kit.damageId)).toMatchObject({
      description:
        'Abfahrtskontrolle „Abfahrtskontrolle Transporter“: Verbandkasten (vollständig, haltbar) nicht in Ordnung – Verbandkasten abgelaufen, Pflaster fehlen',
      status: 'gemeldet',
      fromTrip: true,
    });
    // The older checks of the Golf were answered with version 1 and keep its wording.
    const golfChecks = await checksOf(golf.id);
    expect(golfChecks.find((c) => c.version === 1)!.answers.map((a) => a.label)).toContain('Warndreieck');
    expect(golfChecks.find((c) => c.version === 2)!.answers.map((a) => a.label)).toContain('Warndreieck und Warnweste');

    // Only the fleet keeps checklists; a driver reads the one of a vehicle.
    expect((await list(booker)).statusCode).toBe(403);
    expect((await save({ name: 'X', categories: ['Prüfwagen'], items: [{ label: 'Reifen' }] }, undefined, booker)).statusCode).toBe(403);
    expect((await t.call(SW, { method: 'GET', url: `/api/vehicles/${golf.id}/trip-checks`, cookie: booker })).statusCode).toBe(403);
  });

  it('the fleet creates a checklist for a category; what is no checklist is refused with a sentence and writes nothing', async () => {
    const before = await count('trip_checklists');
    const refused = async (payload: object, status: number, de: string) => {
      const res = await save(payload);
      expect([res.statusCode, res.json().error?.message]).toEqual([status, de]);
    };
    const items = [
      { label: 'Reifen', critical: true },
      { label: 'Warndreieck', critical: false },
      { label: 'Verbandkasten', critical: false },
    ];
    await refused({ name: ' ', categories: ['Prüfwagen'], items }, 400, 'Bitte geben Sie der Checkliste einen Namen.');
    await refused({ name: 'Prüfliste', categories: [], items }, 400, 'Bitte wählen Sie mindestens eine Fahrzeugkategorie.');
    await refused({ name: 'Prüfliste', categories: ['Prüfwagen'], items: [] }, 400, 'Eine Checkliste braucht mindestens einen Punkt.');
    await refused(
      { name: 'Prüfliste', categories: ['Prüfwagen'], items: [...items, { label: 'reifen' }] },
      400,
      'Der Punkt „reifen“ steht zweimal in der Checkliste.',
    );
    await refused(
      { name: 'Prüfliste', categories: ['Prüfwagen', 'kleinwagen'], items },
      409,
      'Für die Kategorie „Kleinwagen“ gibt es schon die Checkliste „Abfahrtskontrolle PKW“.',
    );
    await refused(
      { name: 'Prüfliste', categories: ['Prüfwagen'], items: [{ key: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f', label: 'Reifen' }] },
      400,
      'Ein Punkt gehört nicht zu dieser Checkliste.',
    );
    const garbage = await save({ name: 7, categories: 'Prüfwagen', items: [{ label: null }] });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.message).not.toMatch(/items\[|\/items|\.label/);
    expect(await count('trip_checklists')).toBe(before);

    const created = await save({ name: 'Abfahrtskontrolle Prüfwagen', categories: ['Prüfwagen'], items });
    expect(created.statusCode, created.body).toBe(201);
    checklist = created.json().checklist;
    expect(checklist).toMatchObject({ version: 1, categories: ['Prüfwagen'] });
    expect(checklist.items.map((i) => [i.position, i.label, i.critical])).toEqual([
      [1, 'Reifen', true],
      [2, 'Warndreieck', false],
      [3, 'Verbandkasten', false],
    ]);
    expect((await ofVehicle(vehicles[0]!.id)).json().checklist.versionId).toBe(checklist.versionId);
  });

  it('two saves claiming one category at once: one wins, the other is told which checklist has it', async () => {
    const payload = (name: string) => ({ name, categories: [`Sonderwagen ${n}`], items: [{ label: 'Reifen' }] });
    const results = await Promise.all([save(payload('Liste A')), save(payload('Liste B'))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const lost = results.find((r) => r.statusCode === 409)!;
    expect(lost.json().error.message).toMatch(/^Für die Kategorie „Sonderwagen \d“ gibt es schon die Checkliste „Liste [AB]“\.$/);
    const winner = results.find((r) => r.statusCode === 201)!.json().checklist.id;
    expect((await t.call(SW, { method: 'DELETE', url: `/api/trip-checklists/${winner}`, cookie: fleet })).statusCode).toBe(200);
  });

  it('a trip start answers every point; missing or incomplete answers are refused and store nothing', async () => {
    const v = vehicles[0]!;
    const id = await booked(v.id);
    waiting = id;
    const before = await count('trip_checks');
    const refused = async (payload: object, status: number, de: string) => {
      const res = await start(id, payload);
      expect([res.statusCode, res.json().error?.message]).toEqual([status, de]);
    };
    await refused({ mileage: 1000 }, 400, 'Bitte füllen Sie vor der Fahrt die Abfahrtskontrolle aus.');
    await refused(
      { checklist: { ...answers(checklist), versionId: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f' } },
      409,
      'Die Abfahrtskontrolle wurde inzwischen geändert. Bitte füllen Sie sie erneut aus.',
    );
    const full = answers(checklist);
    await refused(
      { checklist: { ...full, answers: full.answers.slice(1) } },
      400,
      'Bitte beantworten Sie in der Abfahrtskontrolle den Punkt „Reifen“.',
    );
    await refused(
      { checklist: answers(checklist, { Warndreieck: { ok: false, note: '  ' } }) },
      400,
      'Bitte beschreiben Sie kurz, was bei „Warndreieck“ nicht in Ordnung ist.',
    );
    await refused(
      { checklist: { ...full, answers: [...full.answers, full.answers[0]] } },
      400,
      'Der Punkt „Reifen“ ist zweimal beantwortet.',
    );
    const bad = await start(id, { checklist: { versionId: 'x', answers: [{ itemId: 1, ok: 'ja', note: 'x'.repeat(501) }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).not.toMatch(/answers\[|checklist\./);
    expect(await count('trip_checks')).toBe(before);
    expect(await statusOf(id)).toBe('reserviert');
  });

  it('a critical point not in order refuses the start, keeps the answers, records a damage and mails the fleet once', async () => {
    const v = vehicles[0]!;
    const id = waiting;
    const failing = answers(checklist, { Reifen: { ok: false, note: 'Profil vorne links abgefahren' } });
    const res = await start(id, { mileage: 1000, checklist: failing });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toEqual({
      code: 'critical_failed',
      message: 'Die Fahrt kann nicht beginnen: „Reifen“ ist nicht in Ordnung. Der Mangel ist an die Fuhrparkleitung gemeldet.',
    });
    expect(await statusOf(id)).toBe('reserviert');
    const [check] = await checksOf(v.id);
    expect(check).toMatchObject({ outcome: 'abgelehnt', version: 1 });
    expect(check!.answers.map((a) => [a.label, a.ok, a.note])).toEqual([
      ['Reifen', false, 'Profil vorne links abgefahren'],
      ['Warndreieck', true, null],
      ['Verbandkasten', true, null],
    ]);
    const damages = await damagesOf(v.id);
    expect(damages).toHaveLength(1);
    expect(damages[0]).toMatchObject({
      id: check!.answers[0]!.damageId,
      description:
        'Abfahrtskontrolle „Abfahrtskontrolle Prüfwagen“: Reifen nicht in Ordnung – Profil vorne links abgefahren (kritischer Punkt, Fahrt nicht angetreten)',
      fromTrip: true,
      status: 'gemeldet',
    });
    const mail = await mailTo(smtp, 'fuhrpark@stadtwerke.test', `Schaden gemeldet: Test Modell (${v.plate})`);
    expect(mail.text).toContain('Reifen nicht in Ordnung – Profil vorne links abgefahren (kritischer Punkt, Fahrt nicht angetreten)');

    // Tried again with the tyre still worn: refused again, the open damage is not reported a second time.
    expect((await start(id, { mileage: 1000, checklist: failing })).statusCode).toBe(409);
    expect(await damagesOf(v.id)).toHaveLength(1);
    const checks = await checksOf(v.id);
    expect(checks.map((c) => c.outcome)).toEqual(['abgelehnt', 'abgelehnt']);
    expect(checks[0]!.answers[0]!.damageId).toBe(damages[0]!.id);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails.filter((m) => m.to.includes('fuhrpark@stadtwerke.test') && m.subject.includes(v.plate))).toHaveLength(1);

    // Tyre changed: every point in order, the trip starts.
    const ok = await start(id, { mileage: 1000, checklist: answers(checklist) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().booking.status).toBe('aktiv');
    expect((await checksOf(v.id))[0]).toMatchObject({ outcome: 'angetreten' });
  });

  it('a point not in order that is not critical starts the trip, records a damage and mails the fleet', async () => {
    const v = vehicles[1]!;
    const id = await booked(v.id);
    const res = await start(id, { mileage: 500, checklist: answers(checklist, { Warndreieck: { ok: false, note: 'Warndreieck fehlt' } }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking.status).toBe('aktiv');
    const [damage] = await damagesOf(v.id);
    expect(damage).toMatchObject({
      description: 'Abfahrtskontrolle „Abfahrtskontrolle Prüfwagen“: Warndreieck nicht in Ordnung – Warndreieck fehlt',
      fromTrip: true,
    });
    const mail = await mailTo(smtp, 'fuhrpark@stadtwerke.test', `Schaden gemeldet: Test Modell (${v.plate})`);
    expect(mail.text).toContain('Max Mustermann');
    expect(mail.text).toContain('Warndreieck nicht in Ordnung – Warndreieck fehlt');
    const [check] = await checksOf(v.id);
    expect(check).toMatchObject({ outcome: 'angetreten' });
    expect(check!.answers.find((a) => !a.ok)).toMatchObject({ label: 'Warndreieck', damageId: damage!.id });

    // The damage is the fleet's to close; once behoben, the next „nicht in Ordnung“ is a new damage.
    const out = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicle-bookings/${id}/check-out`,
      cookie: booker,
      payload: {
        mileage: 520,
        fuelPercent: 70,
        cleanlinessInside: 'sauber',
        cleanlinessOutside: 'sauber',
        parkingSpaceId: null,
        damages: [],
        attributes: { [fahrtart]: 'dienst' },
      },
    });
    expect(out.statusCode, out.body).toBe(200);
    const fixed = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicles/${v.id}/damages/${damage!.id}/status`,
      cookie: fleet,
      payload: { status: 'behoben', note: 'Neues Warndreieck eingelegt' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const again = await booked(v.id);
    expect(
      (await start(again, { mileage: 520, checklist: answers(checklist, { Warndreieck: { ok: false, note: 'wieder weg' } }) })).statusCode,
    ).toBe(200);
    expect(await damagesOf(v.id)).toHaveLength(2);
  });

  it('answers in English for en-us, naming the point as the fleet wrote it', async () => {
    const id = await booked(vehicles[2]!.id, english);
    const missing = await start(id, {}, english);
    expect(missing.json().error.message).toBe('Please complete the pre-trip check before the trip.');
    const note = await start(id, { checklist: answers(checklist, { Verbandkasten: { ok: false } }) }, english);
    expect(note.json().error.message).toBe('Please describe briefly what is not in order with “Verbandkasten”.');
    const res = await start(id, { checklist: answers(checklist, { Reifen: { ok: false, note: 'flat' } }) }, english);
    expect([res.statusCode, res.json().error.message]).toEqual([
      409,
      'The trip cannot start: “Reifen” is not in order. The defect has been reported to the fleet management.',
    ]);
  });

  it('a change of the points is a new version; earlier answers keep their wording, a start against the old version is refused', async () => {
    const v = vehicles[3]!;
    const id = await booked(v.id);
    // Name and categories alone publish nothing.
    const renamed = await save(
      {
        name: 'Abfahrtskontrolle Prüfwagen',
        categories: ['Prüfwagen'],
        items: checklist.items.map((i) => ({ key: i.key, label: i.label, critical: i.critical })),
      },
      checklist.id,
    );
    expect(renamed.json().checklist).toMatchObject({ version: 1, versionId: checklist.versionId });
    const changed = await save(
      {
        name: 'Abfahrtskontrolle Prüfwagen',
        categories: ['Prüfwagen'],
        items: [
          { key: checklist.items[0]!.key, label: 'Reifen (Profil mindestens 3 mm)', critical: true },
          { key: checklist.items[1]!.key, label: 'Warndreieck und Warnweste', critical: false },
          { key: checklist.items[2]!.key, label: 'Verbandkasten', critical: false },
          { key: null, label: 'Ladekabel', critical: false },
        ],
      },
      checklist.id,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const next = changed.json().checklist as Checklist;
    expect(next.version).toBe(2);
    expect(next.items.map((i) => i.key).slice(0, 3)).toEqual(checklist.items.map((i) => i.key));
    expect(next.items.every((i) => !checklist.items.some((o) => o.id === i.id))).toBe(true);

    const stale = await start(id, { checklist: answers(checklist) });
    expect([stale.statusCode, stale.json().error.message]).toEqual([
      409,
      'Die Abfahrtskontrolle wurde inzwischen geändert. Bitte füllen Sie sie erneut aus.',
    ]);
    expect((await start(id, { checklist: answers(next) })).statusCode).toBe(200);
    expect((await checksOf(v.id))[0]!.answers.map((a) => a.label)).toEqual([
      'Reifen (Profil mindestens 3 mm)',
      'Warndreieck und Warnweste',
      'Verbandkasten',
      'Ladekabel',
    ]);
    // The first vehicle's checks were answered with version 1 and still read so.
    const old = await checksOf(vehicles[0]!.id);
    expect(old.every((c) => c.version === 1)).toBe(true);
    expect(old[0]!.answers.map((a) => a.label)).toEqual(['Reifen', 'Warndreieck', 'Verbandkasten']);
    checklist = next;
  });

  it('the database refuses to change or delete an answer, a check or a published version', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      withTenant(t.database.db, tenantId, (tx) => tx.execute(statement)).then(
        () => null,
        (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
      );
    for (const statement of [
      sql`update trip_check_answers set ok = true, note = null where not ok`,
      sql`delete from trip_check_answers`,
      sql`update trip_checks set outcome = 'angetreten'`,
      sql`delete from trip_checks`,
    ]) {
      expect(await refusal(statement)).toMatch(/Abfahrtskontrollen können nicht geändert oder gelöscht werden\./);
    }
    for (const statement of [sql`update trip_checklist_items set label = 'Anders'`, sql`delete from trip_checklist_versions`]) {
      expect(await refusal(statement)).toMatch(/Veröffentlichte Versionen einer Checkliste können nicht geändert werden\./);
    }
    const checks = await checksOf(vehicles[0]!.id);
    expect(checks.map((c) => c.outcome)).toEqual(['angetreten', 'abgelehnt', 'abgelehnt']);
    expect(checks[1]!.answers[0]).toMatchObject({ label: 'Reifen', ok: false, note: 'Profil vorne links abgefahren' });
  });

  it('another tenant neither sees nor changes the checklists, and its ids are not found', async () => {
    const theirs = await list(foreign, TI);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().checklists).toEqual([]);
    const v = vehicles[0]!.id;
    for (const req of [
      { method: 'GET' as const, url: `/api/vehicles/${v}/trip-checklist` },
      { method: 'GET' as const, url: `/api/vehicles/${v}/trip-checks` },
      {
        method: 'PUT' as const,
        url: `/api/trip-checklists/${checklist.id}`,
        payload: { name: 'Übernommen', categories: ['Rad'], items: [{ label: 'X' }] },
      },
      { method: 'DELETE' as const, url: `/api/trip-checklists/${checklist.id}` },
    ]) {
      const res = await t.call(TI, { ...req, cookie: foreign });
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
    }
    // A foreign booking cannot be started with this tenant's checklist either.
    const bike = (await t.call(TI, { method: 'GET', url: '/api/vehicles', cookie: foreign })).json().vehicles[0].id as string;
    expect((await ofVehicle(bike, booker)).statusCode).toBe(404);
    expect((await list()).json().checklists.find((c: Checklist) => c.id === checklist.id).name).toBe('Abfahrtskontrolle Prüfwagen');
  });

  it('a checklist taken out of use frees its category; its answers stay', async () => {
    const removed = await t.call(SW, { method: 'DELETE', url: `/api/trip-checklists/${checklist.id}`, cookie: fleet });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await ofVehicle(vehicles[4]!.id)).json()).toEqual({ checklist: null });
    const id = await booked(vehicles[4]!.id);
    const stale = await start(id, { checklist: answers(checklist) });
    expect(stale.json().error.code).toBe('checklist_changed');
    expect((await start(id, { mileage: 100 })).statusCode).toBe(200);
    expect(await checksOf(vehicles[0]!.id)).toHaveLength(3);
    expect((await list()).json().checklists.map((c: Checklist) => c.id)).not.toContain(checklist.id);
    const gone = await t.call(SW, { method: 'DELETE', url: `/api/trip-checklists/${checklist.id}`, cookie: fleet });
    expect([gone.statusCode, gone.json().error.message]).toEqual([404, 'Checkliste nicht gefunden.']);
  });
});
