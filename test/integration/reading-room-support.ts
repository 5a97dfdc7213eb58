import type { MapResponse } from '@contracts/reading-rooms';
import { addDays, berlinDay } from '@domain/opening-hours';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../support/test-app';

export const BIB = 'bibliothek.localhost';
export const SW = 'stadtwerke.localhost';
export const TOUR = 'tourismus.localhost';

export const today = () => berlinDay(new Date());
export const inDays = (n: number) => addDays(today(), n);

/**
 * The first day from tomorrow on after every active booking of the objects: a test that needs them free picks its
 * dates from here by construction, not from the calendar, so the demo's bookings around now (tomorrow's occupancy,
 * the next working day's team) never decide whether it passes.
 */
export async function firstFreeDayOf(t: TestApp, objectIds: readonly string[]): Promise<string> {
  const r = (await t.database.db.execute(sql`
    select to_char(max(bis) at time zone 'Europe/Berlin', 'YYYY-MM-DD') as last
      from reading_room_bookings
     where reading_room_id in (${sql.join(
       objectIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )}) and status <> 'storniert'`)) as unknown as { rows: { last: string | null }[] };
  const last = r.rows[0]?.last;
  const tomorrow = inDays(1);
  return last && addDays(last, 1) > tomorrow ? addDays(last, 1) : tomorrow;
}

export async function tenantIds(t: TestApp): Promise<Record<string, string>> {
  const r = (await t.database.db.execute(sql`select sub_identifier as sub, id::text from tenants`)) as unknown as {
    rows: { sub: string; id: string }[];
  };
  return Object.fromEntries(r.rows.map((x) => [x.sub, x.id]));
}

export async function floorPlanIds(t: TestApp, host: string, cookie: string, area = 'leseraum'): Promise<Record<string, string>> {
  const res = await t.call(host, { method: 'GET', url: `/api/reading-rooms/bootstrap?area=${area}`, cookie });
  if (res.statusCode !== 200) throw new Error(`bootstrap ${res.statusCode} ${res.body}`);
  return Object.fromEntries((res.json().floorPlans as { id: string; name: string }[]).map((p) => [p.name, p.id]));
}

export async function map(t: TestApp, host: string, cookie: string, planId: string, date: string, extra = ''): Promise<MapResponse> {
  const res = await t.call(host, { method: 'GET', url: `/api/reading-rooms/floor-plans/${planId}/map?date=${date}${extra}`, cookie });
  if (res.statusCode !== 200) throw new Error(`map ${res.statusCode} ${res.body}`);
  return res.json() as MapResponse;
}

export async function objectIds(t: TestApp, host: string, cookie: string, planId: string): Promise<Record<string, string>> {
  const m = await map(t, host, cookie, planId, today());
  return Object.fromEntries(m.objects.map((o) => [o.designation, o.id]));
}

export function book(t: TestApp, host: string, cookie: string, payload: Record<string, unknown>) {
  return t.call(host, { method: 'POST', url: '/api/reading-room-bookings', cookie, payload });
}

export function act(t: TestApp, host: string, cookie: string, id: string, action: 'cancel' | 'confirm' | 'check-in') {
  return t.call(host, { method: 'POST', url: `/api/reading-room-bookings/${id}/${action}`, cookie });
}

/** Opens a day fully (00:00–23:59) with a deviating opening time, so tests do not depend on the clock. */
export async function openAllDay(t: TestApp, host: string, admin: string, planId: string, day: string) {
  const res = await t.call(host, {
    method: 'POST',
    url: `/api/admin/reading-rooms/floor-plans/${planId}/deviating-opening-hours`,
    cookie: admin,
    payload: { validFrom: day, validTo: day, von: '00:00', bis: '23:59', status: 'offen' },
  });
  if (res.statusCode !== 200) throw new Error(`openAllDay ${res.statusCode} ${res.body}`);
  return res.json().deviating.id as string;
}

export async function setTenantSetting(t: TestApp, host: string, admin: string, name: string, value: unknown) {
  const res = await t.call(host, { method: 'PUT', url: `/api/settings/${name}`, cookie: admin, payload: { layer: 'MANDANT', value } });
  if (res.statusCode !== 200) throw new Error(`setting ${name}: ${res.statusCode} ${res.body}`);
}

export const ALL_WEEKDAYS = ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'];

/** multipart/form-data body with one file field. */
export function multipart(bytes: Buffer, filename: string, contentType: string) {
  const boundary = `----buchbar${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
