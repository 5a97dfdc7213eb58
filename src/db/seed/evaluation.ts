import { berlinDay } from '@domain/vehicle-time';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * Demo history for Büroauslastung and /officelocker (Stadtwerke, plan
 * "Verwaltung 2. OG"): the eight weeks before the current one: desk bookings on working days
 * (at most one desk per person and day), busier Tuesday to Thursday, with a few no-shows and cancellations, and
 * eight lockers along the plan's lower edge. Deterministic (hash of desk and
 * day); nothing in the current week, so no weekly booking limit is used up.
 */
export async function seedEvaluation(tx: Db, now = new Date()): Promise<void> {
  // The Berlin day, not the database's current_date: that is the day of the session's time zone (UTC on a server),
  // a Sunday in the first hour or two of a Berlin Monday, which would move all eight weeks one week back.
  const today = berlinDay(now);
  await tx.execute(sql`
    with plan as (
      select p.tenant_id, p.id from floor_plans p join tenants t on t.id = p.tenant_id
       where t.sub_identifier = 'stadtwerke' and p.name = 'Verwaltung 2. OG'
    ), people as (
      select u.tenant_id, u.id, row_number() over (order by u.email) - 1 as n, count(*) over () as total
        from users u join plan on plan.tenant_id = u.tenant_id
    ), days as (
      select d::date as day from generate_series(date_trunc('week', ${today}::date)::date - 56, date_trunc('week', ${today}::date)::date - 1, interval '1 day') d
       where extract(isodow from d) between 1 and 5
    ), picks as (
      select r.tenant_id, r.id as desk, days.day,
             abs(hashtext(r.designation || days.day::text)) % 100 as roll,
             case extract(isodow from days.day) when 1 then 45 when 5 then 30 else 70 end as busy
        from reading_rooms r join plan on plan.tenant_id = r.tenant_id and plan.id = r.floor_plan_id, days
    ), ranked as (
      -- one desk per person and day: the day's chosen desks go to the people in turn
      select picks.*, row_number() over (partition by picks.day order by abs(hashtext(picks.day::text || picks.desk::text))) - 1 as who
        from picks where picks.roll < picks.busy
    )
    insert into reading_room_bookings (tenant_id, reading_room_id, von, bis, status, booker_id, checked_in_at, cancelled_at, cancel_reason)
    select p.tenant_id, p.desk,
           (p.day + time '08:00') at time zone 'Europe/Berlin',
           (p.day + time '17:00') at time zone 'Europe/Berlin',
           case when p.roll < 4 or p.roll >= p.busy - 3 then 'storniert' else 'durchgeführt' end,
           people.id,
           case when p.roll < 4 or p.roll >= p.busy - 3 then null else (p.day + time '08:05') at time zone 'Europe/Berlin' end,
           case when p.roll < 4 then (p.day + time '08:16') at time zone 'Europe/Berlin'
                when p.roll >= p.busy - 3 then (p.day - 1 + time '18:00') at time zone 'Europe/Berlin' end,
           case when p.roll < 4 then 'Nicht eingecheckt' when p.roll >= p.busy - 3 then 'Von der buchenden Person storniert' end
      from ranked p join people on people.tenant_id = p.tenant_id and people.n = p.who`);
  await tx.execute(sql`
    insert into lockers (tenant_id, floor_plan_id, number, pos_x, pos_y)
    select p.tenant_id, p.id, n::text, 8 + (n - 1) * 10, 90
      from floor_plans p join tenants t on t.id = p.tenant_id, generate_series(1, 8) n
     where t.sub_identifier = 'stadtwerke' and p.name = 'Verwaltung 2. OG'`);
}
