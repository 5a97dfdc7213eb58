import type { Db } from '@db/client';
import { personalDataExports } from '@db/schema/index';
import type { ExportRole } from '@domain/privacy';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

/**
 * A person's own data for the export of Art. 15/20 DSGVO (decision 105), and
 * the export rows. Every query is scoped by tenant and person and runs inside
 * withTenant; secrets (password hashes, session and calendar tokens) are never
 * selected.
 */

export type PersonalDataExportRecord = typeof personalDataExports.$inferSelect;

export async function insertPersonalDataExport(
  tx: Db,
  row: { tenantId: string; userId: string; locale: string },
): Promise<PersonalDataExportRecord> {
  const [r] = await tx.insert(personalDataExports).values(row).returning();
  return r!;
}

export async function findPersonalDataExport(tx: Db, tenantId: string, id: string): Promise<PersonalDataExportRecord | null> {
  const [r] = await tx
    .select()
    .from(personalDataExports)
    .where(and(eq(personalDataExports.tenantId, tenantId), eq(personalDataExports.id, id)));
  return r ?? null;
}

export function listPersonalDataExports(tx: Db, tenantId: string, userId: string): Promise<PersonalDataExportRecord[]> {
  return tx
    .select()
    .from(personalDataExports)
    .where(and(eq(personalDataExports.tenantId, tenantId), eq(personalDataExports.userId, userId)))
    .orderBy(desc(personalDataExports.createdAt))
    .limit(5);
}

export async function updatePersonalDataExport(
  tx: Db,
  tenantId: string,
  id: string,
  patch: Partial<Pick<PersonalDataExportRecord, 'status' | 'stepsDone' | 'stepsTotal' | 'error' | 'finishedAt'>>,
): Promise<void> {
  await tx
    .update(personalDataExports)
    .set(patch)
    .where(and(eq(personalDataExports.tenantId, tenantId), eq(personalDataExports.id, id)));
}

export async function deletePersonalDataExportsBefore(tx: Db, tenantId: string, before: Date): Promise<string[]> {
  const rows = await tx
    .delete(personalDataExports)
    .where(and(eq(personalDataExports.tenantId, tenantId), lt(personalDataExports.createdAt, before)))
    .returning({ id: personalDataExports.id });
  return rows.map((r) => r.id);
}

/** Tenants with exports (cleanup visits only these). */
export async function tenantsWithPersonalDataExports(db: Db): Promise<string[]> {
  return rowsOf<{ tenant_id: string }>(await db.execute(sql`select distinct tenant_id from personal_data_exports`)).map((r) => r.tenant_id);
}

type Row = Record<string, unknown>;

const PG_INSTANT = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2})(?::?(\d{2}))?$/;

/** Instants as ISO 8601 whichever driver answered (PGlite gives text, pg gives Date), so the files read the same. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') {
    const m = PG_INSTANT.exec(value);
    if (m) return new Date(`${m[1]}T${m[2]}${m[3]}:${m[4] ?? '00'}`).toISOString();
  }
  return value;
}

const rows = async (db: Db, q: ReturnType<typeof sql>): Promise<Row[]> =>
  rowsOf<Row>(await db.execute(q)).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, plain(v)])));

/**
 * Another person named in a record (decision 193): name, whether it is the
 * person themself and the capacity, as one JSON value; the export service
 * decides what of it goes into the files (recordForExport in the domain).
 */
const party = (name: ReturnType<typeof sql>, self: ReturnType<typeof sql>, role: ExportRole) =>
  sql`json_build_object('name', ${name}, 'self', coalesce(${self}, false), 'role', ${role}::text)`;

/** The kinds of the export, each one JSON file; the order is the order of the progress steps. */
export const PERSONAL_DATA_KINDS = [
  'profil',
  'abteilung',
  'mitgliedschaften',
  'berechtigungen',
  'einstellungen',
  'platzbuchungen',
  'fahrzeugbuchungen',
  'fahrten',
  'fuehrerschein',
  'unterweisungen',
  'abfahrtskontrollen',
  'schaeden',
  'belege',
  'schliessfaecher',
  'kalender',
  'sitzungen',
  'passkeys',
] as const;
export type PersonalDataKind = (typeof PERSONAL_DATA_KINDS)[number];

/** Reads one kind of a person's data. */
export async function readPersonalData(tx: Db, tenantId: string, userId: string, kind: PersonalDataKind): Promise<Row[]> {
  const t = sql`${tenantId}::uuid`;
  const u = sql`${userId}::uuid`;
  switch (kind) {
    case 'profil':
      return rows(
        tx,
        sql`select u.id, u.employee_id as "personalnummer", u.first_name as "vorname", u.last_name as "nachname", u.email,
                   u.status, u.created_at as "angelegtAm", a.email_verified as "emailBestaetigt", a.two_factor_enabled as "zweiterFaktor"
              from users u join auth_user a on a.id = u.auth_user_id
             where u.tenant_id = ${t} and u.id = ${u}`,
      );
    case 'abteilung':
      return rows(
        tx,
        sql`select d.id, d.name from users u join departments d on d.tenant_id = u.tenant_id and d.id = u.department_id
             where u.tenant_id = ${t} and u.id = ${u}`,
      );
    case 'mitgliedschaften':
      return rows(
        tx,
        sql`select 'gruppe' as "art", g.name from user_groups ug join groups g on g.tenant_id = ug.tenant_id and g.id = ug.group_id
             where ug.tenant_id = ${t} and ug.user_id = ${u}
            union all
            select 'rolle', r.name from user_roles ur join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
             where ur.tenant_id = ${t} and ur.user_id = ${u}
            union all
            select 'rolle über Gruppe ' || g.name, r.name from user_groups ug
              join groups g on g.tenant_id = ug.tenant_id and g.id = ug.group_id
              join group_roles gr on gr.tenant_id = ug.tenant_id and gr.group_id = ug.group_id
              join roles r on r.tenant_id = gr.tenant_id and r.id = gr.role_id
             where ug.tenant_id = ${t} and ug.user_id = ${u}
             order by 1, 2`,
      );
    case 'berechtigungen':
      return rows(
        tx,
        sql`select permission_name as "berechtigung", value as "wert" from user_permissions
             where tenant_id = ${t} and user_id = ${u} order by permission_name`,
      );
    case 'einstellungen':
      return rows(
        tx,
        sql`select option_name as "option", value as "wert", updated_at as "geaendertAm" from setting_values
             where tenant_id = ${t} and layer = 'BENUTZER' and user_id = ${u} order by option_name`,
      );
    case 'platzbuchungen':
      return rows(
        tx,
        sql`select b.id, b.created_at as "angelegtAm", b.von, b.bis, b.status, r.designation as "platz", r.kind as "art", f.name as "grundriss",
                   b.group_size as "gruppengroesse", b.checked_in_at as "eingechecktAm", b.cancel_reason as "stornogrund",
                   case when b.booker_id = ${u} then 'selbst gebucht' else 'für Sie gebucht' end as "bezug",
                   ${party(sql`nullif(concat_ws(' ', bu.first_name, bu.last_name), '')`, sql`bu.id = ${u}`, 'buchende')} as "gebuchtVon",
                   case when cu.id is null then null
                        else ${party(sql`nullif(concat_ws(' ', cu.first_name, cu.last_name), '')`, sql`cu.id = ${u}`, 'vorgemerkte')} end as "gebuchtFuer"
              from reading_room_bookings b
              join reading_rooms r on r.tenant_id = b.tenant_id and r.id = b.reading_room_id
              join floor_plans f on f.tenant_id = r.tenant_id and f.id = r.floor_plan_id
              join users bu on bu.tenant_id = b.tenant_id and bu.id = b.booker_id
              left join users cu on cu.tenant_id = b.tenant_id and cu.id = b.confirming_id
             where b.tenant_id = ${t} and (b.booker_id = ${u} or b.confirming_id = ${u})
             order by b.von`,
      );
    case 'fahrzeugbuchungen':
      return rows(
        tx,
        sql`select b.id, b.created_at as "angelegtAm", b.von, b.bis, b.status, b.type as "typ", v.license_plate as "kennzeichen",
                   concat_ws(' ', v.brand, v.model) as "fahrzeug", b.info_text as "info", b.reason as "anlass", b.passengers as "mitfahrende",
                   b.destination as "ziel", b.stopover as "zwischenstopp", b.contact as "kontakt", b.detour as "umweg",
                   b.cancel_reason as "stornogrund",
                   ${party(sql`concat_ws(' ', bu.first_name, bu.last_name)`, sql`bu.id = ${u}`, 'fremdbuchung')} as "gebuchtVon",
                   ${party(sql`concat_ws(' ', du.first_name, du.last_name)`, sql`du.id = ${u}`, 'fahrer')} as "fahrer",
                   case when g.booking_id is null then null
                        else ${party(sql`g.name || coalesce(' <' || g.email || '>', '')`, sql`false`, 'gast')} end as "gast"
              from vehicle_bookings b
              join vehicles v on v.tenant_id = b.tenant_id and v.id = b.vehicle_id
              join users bu on bu.tenant_id = b.tenant_id and bu.id = b.booked_by_id
              join users du on du.tenant_id = b.tenant_id and du.id = b.driver_id
              left join vehicle_booking_guests g on g.tenant_id = b.tenant_id and g.booking_id = b.id
             where b.tenant_id = ${t} and (b.booked_by_id = ${u} or b.driver_id = ${u})
             order by b.von`,
      );
    case 'fahrten':
      return rows(
        tx,
        sql`select e.entry_id as "eintrag", e.revision, e.kind as "art", v.license_plate as "kennzeichen", e.started_at as "beginn",
                   e.ended_at as "ende", e.odometer_start as "kmStart", e.odometer_end as "kmEnde", e.driver_name as "fahrer",
                   e.destination as "ziel", e.stopover as "zwischenstopp", e.reason as "anlass", e.partner as "partner",
                   e.detour as "umweg", e.trip_kind as "fahrtart", e.note as "notiz", e.created_at as "erfasstAm"
              from logbook_entries e join vehicles v on v.tenant_id = e.tenant_id and v.id = e.vehicle_id
             where e.tenant_id = ${t} and e.driver_id = ${u}
             order by e.started_at, e.revision`,
      );
    case 'fuehrerschein':
      return rows(
        tx,
        sql`select c.id, c.checked_on as "geprueftAm", c.method as "methode", c.classes as "klassen", c.licence_number as "nummer",
                   c.issue_date as "ausgestelltAm", c.ban_from as "fahrverbotVon", c.ban_to as "fahrverbotBis", c.extra_info as "zusatz",
                   c.remark as "bemerkung", c.scan_path is not null as "scanVorhanden",
                   ${party(sql`concat_ws(' ', x.first_name, x.last_name)`, sql`x.id = ${u}`, 'fuehrerscheinpruefung')} as "pruefer", c.created_at as "erfasstAm"
              from licence_checks c join users x on x.tenant_id = c.tenant_id and x.id = c.examiner_id
             where c.tenant_id = ${t} and c.user_id = ${u}
             order by c.checked_on, c.created_at`,
      );
    case 'unterweisungen':
      // The fleet's in-person record names the instructor as typed: another person, shown by capacity (decision 193).
      return rows(
        tx,
        sql`select c.id, c.instructed_on as "unterwiesenAm", c.kind as "art", v.title as "thema", nullif(v.category, '') as "kategorie",
                   v.version, c.note as "notiz",
                   case when c.instructor is null then null
                        else ${party(sql`c.instructor`, sql`false`, 'unterweisung')} end as "unterwiesenVon",
                   ${party(sql`concat_ws(' ', r.first_name, r.last_name)`, sql`r.id = ${u}`, 'fuhrparkleitung')} as "erfasstVon",
                   c.created_at as "erfasstAm"
              from instruction_confirmations c
              join instruction_versions v on v.tenant_id = c.tenant_id and v.id = c.version_id
              join users r on r.tenant_id = c.tenant_id and r.id = c.recorded_by_id
             where c.tenant_id = ${t} and c.user_id = ${u}
             order by c.instructed_on, c.created_at`,
      );
    case 'abfahrtskontrollen':
      // The checks of the trips the person drove, each answer as one readable line.
      return rows(
        tx,
        sql`select tc.id, tc.answered_at as "beantwortetAm", tc.outcome as "ergebnis", v.license_plate as "kennzeichen",
                   l.name as "checkliste", cv.version,
                   array(select i.label || ': ' || case when a.ok then 'in Ordnung' else 'nicht in Ordnung' end || coalesce(' (' || a.note || ')', '')
                           from trip_check_answers a
                           join trip_checklist_items i on i.tenant_id = a.tenant_id and i.id = a.item_id
                          where a.tenant_id = tc.tenant_id and a.check_id = tc.id
                          order by i.position) as "antworten"
              from trip_checks tc
              join vehicle_bookings b on b.tenant_id = tc.tenant_id and b.id = tc.booking_id
              join vehicles v on v.tenant_id = tc.tenant_id and v.id = tc.vehicle_id
              join trip_checklist_versions cv on cv.tenant_id = tc.tenant_id and cv.id = tc.version_id
              join trip_checklists l on l.tenant_id = cv.tenant_id and l.id = cv.checklist_id
             where tc.tenant_id = ${t} and b.driver_id = ${u}
             order by tc.answered_at`,
      );
    case 'schaeden':
      // Photos by count: the files stay with the vehicle, the person sees that they sent them.
      return rows(
        tx,
        sql`select d.id, d.reported_at as "gemeldetAm", v.license_plate as "kennzeichen", d.description as "beschreibung",
                   d.status, jsonb_array_length(d.photos) as "fotos", d.resolved_at as "behobenAm"
              from vehicle_damages d join vehicles v on v.tenant_id = d.tenant_id and v.id = d.vehicle_id
             where d.tenant_id = ${t} and d.reported_by_id = ${u}
             order by d.reported_at`,
      );
    case 'belege':
      // Receipts the person entered, or of the trips they drove; the photo by whether there is one.
      return rows(
        tx,
        sql`select r.id, r.day as "tag", r.kind as "art", v.license_plate as "kennzeichen", (r.amount_cents / 100.0)::float8 as "betragEuro",
                   r.litres as "liter", r.kwh as "kwh", r.odometer as "kmStand", r.note as "notiz", r.photo is not null as "fotoVorhanden",
                   r.created_at as "erfasstAm"
              from fuel_receipts r
              join vehicles v on v.tenant_id = r.tenant_id and v.id = r.vehicle_id
              left join vehicle_bookings b on b.tenant_id = r.tenant_id and b.id = r.booking_id
             where r.tenant_id = ${t} and (r.created_by_id = ${u} or b.driver_id = ${u})
             order by r.day, r.created_at`,
      );
    case 'schliessfaecher':
      return rows(
        tx,
        sql`select a.day as "tag", k.number as "nummer", f.name as "grundriss", a.created_at as "zugewiesenAm", a.released_at as "freigegebenAm"
              from locker_assignments a
              join lockers k on k.tenant_id = a.tenant_id and k.id = a.locker_id
              join floor_plans f on f.tenant_id = k.tenant_id and f.id = k.floor_plan_id
             where a.tenant_id = ${t} and a.user_id = ${u}
             order by a.day, a.created_at`,
      );
    case 'kalender':
      return rows(tx, sql`select created_at as "angelegtAm" from calendar_feeds where tenant_id = ${t} and user_id = ${u}`);
    case 'sitzungen':
      return rows(
        tx,
        sql`select s.created_at as "angemeldetAm", s.updated_at as "zuletztAktiv", s.expires_at as "laeuftAbAm",
                   s.ip_address as "ipAdresse", s.user_agent as "browser"
              from users u join auth_session s on s.user_id = u.auth_user_id
             where u.tenant_id = ${t} and u.id = ${u} and s.expires_at > now()
             order by s.created_at`,
      );
    case 'passkeys':
      // Name and dates only; the public key and the credential id say nothing to the person.
      return rows(
        tx,
        sql`select p.name as "name", p.created_at as "hinzugefuegtAm", p.device_type as "geraeteart", p.backed_up as "gesichert"
              from users u join auth_passkey p on p.user_id = u.auth_user_id
             where u.tenant_id = ${t} and u.id = ${u}
             order by p.created_at, p.id`,
      );
  }
}
