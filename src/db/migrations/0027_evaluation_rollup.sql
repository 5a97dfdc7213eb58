-- People search at 10,000 people (decision 125): one trigram index covers every
-- text the search of /admin/benutzer matches with LIKE '%…%', so a search reads
-- the matching people instead of every person of every tenant.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_trgm_index" ON "users" USING gin (
  lower("first_name" || ' ' || "last_name") gin_trgm_ops,
  lower("last_name" || ', ' || "first_name") gin_trgm_ops,
  lower("email") gin_trgm_ops,
  lower(coalesce("employee_id", '')) gin_trgm_ops
);
--> statement-breakpoint
-- The department arm of the search: the people of the matching departments.
CREATE INDEX IF NOT EXISTS "users_tenant_department_index" ON "users" USING btree ("tenant_id", "department_id");
--> statement-breakpoint
-- Evaluation roll-up (decision 126): the figures of /admin/auswertung and
-- /admin/bueroauslastung per tenant and Berlin day, kept by statement triggers
-- on the booking tables in the same transaction as every change, so a reader
-- never sees a roll-up that disagrees with the bookings. Rows with
-- whole_month = true carry the sum of a whole calendar month (day = its first
-- day): a year is read from twelve month rows per object plus the days of the
-- partial months at its edges.
CREATE TABLE "seat_booking_days" (
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "whole_month" boolean NOT NULL,
  "day" date NOT NULL,
  "reading_room_id" uuid NOT NULL,
  "bookings" integer NOT NULL,
  "cancelled" integer NOT NULL,
  "no_shows" integer NOT NULL,
  "booked_minutes" numeric NOT NULL,
  CONSTRAINT "seat_booking_days_pk" PRIMARY KEY ("tenant_id", "whole_month", "day", "reading_room_id")
);
--> statement-breakpoint
-- Per floor plan and department of the person using the seat (the confirming
-- person of a pre-booking, else the booker); held = bookings not cancelled.
CREATE TABLE "seat_department_days" (
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "floor_plan_id" uuid NOT NULL,
  "department_id" uuid,
  "bookings" integer NOT NULL,
  "cancelled" integer NOT NULL,
  "no_shows" integer NOT NULL,
  "held" integer NOT NULL,
  "booked_minutes" numeric NOT NULL,
  CONSTRAINT "seat_department_days_key" UNIQUE NULLS NOT DISTINCT ("tenant_id", "day", "floor_plan_id", "department_id")
);
--> statement-breakpoint
-- Vehicle bookings of type BUCHUNG: total counts every status, bookings the
-- ones not cancelled, trips the done ones; kilometres between each booking's
-- CHECK_IN and CHECK_OUT mileage, whatever the status.
CREATE TABLE "vehicle_booking_days" (
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "whole_month" boolean NOT NULL,
  "day" date NOT NULL,
  "vehicle_id" uuid NOT NULL,
  "total" integer NOT NULL,
  "bookings" integer NOT NULL,
  "trips" integer NOT NULL,
  "cancelled" integer NOT NULL,
  "booked_minutes" numeric NOT NULL,
  "kilometres" bigint NOT NULL,
  CONSTRAINT "vehicle_booking_days_pk" PRIMARY KEY ("tenant_id", "whole_month", "day", "vehicle_id")
);
--> statement-breakpoint
-- Per location of the vehicle and department of the driver, bookings not cancelled only.
CREATE TABLE "vehicle_department_days" (
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "location_id" uuid NOT NULL,
  "department_id" uuid,
  "bookings" integer NOT NULL,
  "trips" integer NOT NULL,
  "kilometres" bigint NOT NULL,
  CONSTRAINT "vehicle_department_days_key" UNIQUE NULLS NOT DISTINCT ("tenant_id", "day", "location_id", "department_id")
);
--> statement-breakpoint
-- The bookings of a relation as weighted contributions (+1 adds, -1 takes
-- back). The department and floor plan can be given as SQL expressions for the
-- triggers that move a person or a place; by default they are the current ones.
CREATE FUNCTION buchbar_seat_rollup_source(rel text, weight int, department text DEFAULT 'u.department_id', floor_plan text DEFAULT 'r.floor_plan_id')
RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format(
    'select b.tenant_id, b.von, b.bis, b.status, b.group_size, b.checked_in_at, b.cancelled_at, b.reading_room_id,
            %s as floor_plan_id, %s as department_id, %s as weight
       from %s b
       join reading_rooms r on r.tenant_id = b.tenant_id and r.id = b.reading_room_id
       left join users u on u.tenant_id = b.tenant_id and u.id = coalesce(b.confirming_id, b.booker_id)',
    floor_plan, department, weight, rel)
$f$;
--> statement-breakpoint
-- One statement that adds the contributions of `src` to both seat roll-ups. A
-- no-show is a cancelled booking without check-in cancelled after start + 15
-- minutes, as in the evaluation (decision 061). Contributions of a tenant that
-- is being deleted are dropped (its roll-up rows go with it).
CREATE FUNCTION buchbar_seat_rollup_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format($q$
    with s as (%s),
    d as (
      select s.tenant_id, (s.von at time zone 'Europe/Berlin')::date as day, s.reading_room_id, s.floor_plan_id, s.department_id, s.weight,
             (s.status = 'storniert')::int as cancelled,
             (s.status = 'storniert' and s.checked_in_at is null and s.cancelled_at is not null
              and s.cancelled_at > s.von + interval '15 minutes')::int as no_show,
             (s.status <> 'storniert')::int as held,
             case when s.status <> 'storniert' then extract(epoch from (s.bis - s.von)) / 60 * s.group_size else 0 end as minutes
        from s
       where exists (select 1 from tenants t where t.id = s.tenant_id)
    ),
    o as (
      insert into seat_booking_days as t (tenant_id, whole_month, day, reading_room_id, bookings, cancelled, no_shows, booked_minutes)
      select d.tenant_id, m.whole_month, case when m.whole_month then date_trunc('month', d.day)::date else d.day end, d.reading_room_id,
             sum(d.weight), sum(d.weight * d.cancelled), sum(d.weight * d.no_show), sum(d.weight * d.minutes)
        from d cross join (values (false), (true)) m(whole_month)
       group by 1, 2, 3, 4
      on conflict (tenant_id, whole_month, day, reading_room_id) do update
        set bookings = t.bookings + excluded.bookings, cancelled = t.cancelled + excluded.cancelled,
            no_shows = t.no_shows + excluded.no_shows, booked_minutes = t.booked_minutes + excluded.booked_minutes
    )
    insert into seat_department_days as t (tenant_id, day, floor_plan_id, department_id, bookings, cancelled, no_shows, held, booked_minutes)
    select d.tenant_id, d.day, d.floor_plan_id, d.department_id,
           sum(d.weight), sum(d.weight * d.cancelled), sum(d.weight * d.no_show), sum(d.weight * d.held), sum(d.weight * d.minutes)
      from d
     group by 1, 2, 3, 4
    on conflict (tenant_id, day, floor_plan_id, department_id) do update
      set bookings = t.bookings + excluded.bookings, cancelled = t.cancelled + excluded.cancelled, no_shows = t.no_shows + excluded.no_shows,
          held = t.held + excluded.held, booked_minutes = t.booked_minutes + excluded.booked_minutes
  $q$, src)
$f$;
--> statement-breakpoint
-- Vehicle bookings of a relation as weighted contributions. `km` is the SQL
-- expression of a booking's kilometres; by default read from its CHECK_IN and
-- CHECK_OUT history (the triggers on the history pass the kilometres before
-- the change to take them back).
CREATE FUNCTION buchbar_vehicle_rollup_source(rel text, weight int, km text DEFAULT NULL, department text DEFAULT 'u.department_id', location text DEFAULT 'v.location_id')
RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format(
    'select b.tenant_id, b.vehicle_id, b.von, b.bis, b.status, %s as location_id, %s as department_id, %s as weight, %s as km
       from %s b
       join vehicles v on v.tenant_id = b.tenant_id and v.id = b.vehicle_id
       left join users u on u.tenant_id = b.tenant_id and u.id = b.driver_id
      where b.type = ''BUCHUNG''',
    location, department, weight,
    coalesce(km, 'coalesce((select greatest(0, max(h.mileage) filter (where h.type = ''CHECK_OUT'') - max(h.mileage) filter (where h.type = ''CHECK_IN''))
                              from vehicle_history h
                             where h.tenant_id = b.tenant_id and h.booking_id = b.id and h.type in (''CHECK_IN'', ''CHECK_OUT'')), 0)'),
    rel)
$f$;
--> statement-breakpoint
CREATE FUNCTION buchbar_vehicle_rollup_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format($q$
    with s as (%s),
    d as (
      select s.tenant_id, (s.von at time zone 'Europe/Berlin')::date as day, s.vehicle_id, s.location_id, s.department_id, s.weight,
             (s.status <> 'storniert')::int as held, (s.status = 'durchgeführt')::int as trip, (s.status = 'storniert')::int as cancelled,
             case when s.status <> 'storniert' then extract(epoch from (s.bis - s.von)) / 60 else 0 end as minutes, s.km
        from s
       where exists (select 1 from tenants t where t.id = s.tenant_id)
    ),
    o as (
      insert into vehicle_booking_days as t (tenant_id, whole_month, day, vehicle_id, total, bookings, trips, cancelled, booked_minutes, kilometres)
      select d.tenant_id, m.whole_month, case when m.whole_month then date_trunc('month', d.day)::date else d.day end, d.vehicle_id,
             sum(d.weight), sum(d.weight * d.held), sum(d.weight * d.trip), sum(d.weight * d.cancelled), sum(d.weight * d.minutes), sum(d.weight * d.km)
        from d cross join (values (false), (true)) m(whole_month)
       group by 1, 2, 3, 4
      on conflict (tenant_id, whole_month, day, vehicle_id) do update
        set total = t.total + excluded.total, bookings = t.bookings + excluded.bookings, trips = t.trips + excluded.trips,
            cancelled = t.cancelled + excluded.cancelled, booked_minutes = t.booked_minutes + excluded.booked_minutes,
            kilometres = t.kilometres + excluded.kilometres
    )
    insert into vehicle_department_days as t (tenant_id, day, location_id, department_id, bookings, trips, kilometres)
    select d.tenant_id, d.day, d.location_id, d.department_id, sum(d.weight * d.held), sum(d.weight * d.trip), sum(d.weight * d.held * d.km)
      from d
     group by 1, 2, 3, 4
    on conflict (tenant_id, day, location_id, department_id) do update
      set bookings = t.bookings + excluded.bookings, trips = t.trips + excluded.trips, kilometres = t.kilometres + excluded.kilometres
  $q$, src)
$f$;
--> statement-breakpoint
-- Statement triggers with transition tables: a bulk change (the expiry job,
-- a vehicle's cancelled bookings) costs one roll-up statement, not one per row.
-- An update contributes only the rows whose counted columns changed.
CREATE FUNCTION buchbar_seat_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  cols text := '(x.reading_room_id, x.von, x.bis, x.status, x.group_size, x.booker_id, x.confirming_id, x.checked_in_at, x.cancelled_at)';
  y text := '(y.reading_room_id, y.von, y.bis, y.status, y.group_size, y.booker_id, y.confirming_id, y.checked_in_at, y.cancelled_at)';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE buchbar_seat_rollup_sql(buchbar_seat_rollup_source('new_rows', 1));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE buchbar_seat_rollup_sql(buchbar_seat_rollup_source('old_rows', -1));
  ELSE
    EXECUTE buchbar_seat_rollup_sql(
      buchbar_seat_rollup_source(format('(select x.* from old_rows x where not exists (select 1 from new_rows y where y.tenant_id = x.tenant_id and y.id = x.id and %s is not distinct from %s))', cols, y), -1)
      || ' union all ' ||
      buchbar_seat_rollup_source(format('(select x.* from new_rows x where not exists (select 1 from old_rows y where y.tenant_id = x.tenant_id and y.id = x.id and %s is not distinct from %s))', cols, y), 1));
  END IF;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER seat_rollup_insert AFTER INSERT ON reading_room_bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION buchbar_seat_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER seat_rollup_update AFTER UPDATE ON reading_room_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION buchbar_seat_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER seat_rollup_delete AFTER DELETE ON reading_room_bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION buchbar_seat_rollup_trigger();
--> statement-breakpoint
CREATE FUNCTION buchbar_vehicle_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  cols text := '(x.vehicle_id, x.von, x.bis, x.status, x.type, x.driver_id)';
  y text := '(y.vehicle_id, y.von, y.bis, y.status, y.type, y.driver_id)';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE buchbar_vehicle_rollup_sql(buchbar_vehicle_rollup_source('new_rows', 1));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE buchbar_vehicle_rollup_sql(buchbar_vehicle_rollup_source('old_rows', -1));
  ELSE
    EXECUTE buchbar_vehicle_rollup_sql(
      buchbar_vehicle_rollup_source(format('(select x.* from old_rows x where not exists (select 1 from new_rows y where y.tenant_id = x.tenant_id and y.id = x.id and %s is not distinct from %s))', cols, y), -1)
      || ' union all ' ||
      buchbar_vehicle_rollup_source(format('(select x.* from new_rows x where not exists (select 1 from old_rows y where y.tenant_id = x.tenant_id and y.id = x.id and %s is not distinct from %s))', cols, y), 1));
  END IF;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER vehicle_rollup_insert AFTER INSERT ON vehicle_bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION buchbar_vehicle_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER vehicle_rollup_update AFTER UPDATE ON vehicle_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION buchbar_vehicle_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER vehicle_rollup_delete AFTER DELETE ON vehicle_bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION buchbar_vehicle_rollup_trigger();
--> statement-breakpoint
-- A CHECK_IN or CHECK_OUT mileage changes the kilometres of its booking: the
-- booking's contribution with the history before the statement is taken back
-- and the one with the history after it added (counts cancel, kilometres move).
CREATE FUNCTION buchbar_vehicle_history_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  none text := '(select null::uuid as tenant_id, null::uuid as id, null::uuid as booking_id, null::text as type, null::integer as mileage where false)';
  added text := CASE WHEN TG_OP = 'DELETE' THEN none ELSE '(select tenant_id, id, booking_id, type, mileage from new_rows)' END;
  removed text := CASE WHEN TG_OP = 'INSERT' THEN none ELSE '(select tenant_id, id, booking_id, type, mileage from old_rows)' END;
  affected text;
  bookings text;
  before text;
BEGIN
  affected := format(
    '(select distinct c.tenant_id, c.booking_id from (select * from %s a union all select * from %s r) c where c.booking_id is not null and c.type in (''CHECK_IN'', ''CHECK_OUT''))',
    added, removed);
  bookings := format('(select b.* from vehicle_bookings b join %s f on f.tenant_id = b.tenant_id and f.booking_id = b.id)', affected);
  -- the kilometres of the affected bookings before the statement, grouped once (not one scan per booking)
  before := format(
    '(select b.*, coalesce(k.km, 0) as km_before from %s b left join (
        select q.tenant_id, q.booking_id,
               greatest(0, max(q.mileage) filter (where q.type = ''CHECK_OUT'') - max(q.mileage) filter (where q.type = ''CHECK_IN'')) as km
          from (select h.tenant_id, h.booking_id, h.type, h.mileage
                  from vehicle_history h join %s f on f.tenant_id = h.tenant_id and f.booking_id = h.booking_id
                 where h.type in (''CHECK_IN'', ''CHECK_OUT'') and (h.tenant_id, h.id) not in (select a.tenant_id, a.id from %s a)
                union all
                select r.tenant_id, r.booking_id, r.type, r.mileage from %s r where r.type in (''CHECK_IN'', ''CHECK_OUT'')) q
         group by q.tenant_id, q.booking_id) k on k.tenant_id = b.tenant_id and k.booking_id = b.id)',
    bookings, affected, added, removed);
  EXECUTE buchbar_vehicle_rollup_sql(
    buchbar_vehicle_rollup_source(before, -1, 'b.km_before') || ' union all ' || buchbar_vehicle_rollup_source(bookings, 1));
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER vehicle_history_rollup_insert AFTER INSERT ON vehicle_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION buchbar_vehicle_history_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER vehicle_history_rollup_update AFTER UPDATE ON vehicle_history REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION buchbar_vehicle_history_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER vehicle_history_rollup_delete AFTER DELETE ON vehicle_history REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION buchbar_vehicle_history_rollup_trigger();
--> statement-breakpoint
-- A person changes department: their seat and vehicle bookings move from the
-- old department's rows to the new one's.
CREATE FUNCTION buchbar_person_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  seats text := format('(select * from reading_room_bookings where tenant_id = %L and ((booker_id = %L and confirming_id is null) or confirming_id = %L))', NEW.tenant_id, NEW.id, NEW.id);
  trips text := format('(select * from vehicle_bookings where tenant_id = %L and driver_id = %L)', NEW.tenant_id, NEW.id);
BEGIN
  EXECUTE buchbar_seat_rollup_sql(
    buchbar_seat_rollup_source(seats, -1, quote_nullable(OLD.department_id) || '::uuid') || ' union all ' ||
    buchbar_seat_rollup_source(seats, 1, quote_nullable(NEW.department_id) || '::uuid'));
  EXECUTE buchbar_vehicle_rollup_sql(
    buchbar_vehicle_rollup_source(trips, -1, NULL, quote_nullable(OLD.department_id) || '::uuid') || ' union all ' ||
    buchbar_vehicle_rollup_source(trips, 1, NULL, quote_nullable(NEW.department_id) || '::uuid'));
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER person_rollup_department AFTER UPDATE OF department_id ON users
  FOR EACH ROW WHEN (OLD.department_id IS DISTINCT FROM NEW.department_id) EXECUTE FUNCTION buchbar_person_rollup_trigger();
--> statement-breakpoint
-- A place moves to another floor plan, a vehicle to another location: their bookings move along.
CREATE FUNCTION buchbar_place_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  seats text := format('(select * from reading_room_bookings where tenant_id = %L and reading_room_id = %L)', NEW.tenant_id, NEW.id);
BEGIN
  EXECUTE buchbar_seat_rollup_sql(
    buchbar_seat_rollup_source(seats, -1, 'u.department_id', quote_nullable(OLD.floor_plan_id) || '::uuid') || ' union all ' ||
    buchbar_seat_rollup_source(seats, 1, 'u.department_id', quote_nullable(NEW.floor_plan_id) || '::uuid'));
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER place_rollup_floor_plan AFTER UPDATE OF floor_plan_id ON reading_rooms
  FOR EACH ROW WHEN (OLD.floor_plan_id IS DISTINCT FROM NEW.floor_plan_id) EXECUTE FUNCTION buchbar_place_rollup_trigger();
--> statement-breakpoint
CREATE FUNCTION buchbar_vehicle_location_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  trips text := format('(select * from vehicle_bookings where tenant_id = %L and vehicle_id = %L)', NEW.tenant_id, NEW.id);
BEGIN
  EXECUTE buchbar_vehicle_rollup_sql(
    buchbar_vehicle_rollup_source(trips, -1, NULL, 'u.department_id', quote_nullable(OLD.location_id) || '::uuid') || ' union all ' ||
    buchbar_vehicle_rollup_source(trips, 1, NULL, 'u.department_id', quote_nullable(NEW.location_id) || '::uuid'));
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER vehicle_rollup_location AFTER UPDATE OF location_id ON vehicles
  FOR EACH ROW WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id) EXECUTE FUNCTION buchbar_vehicle_location_rollup_trigger();
--> statement-breakpoint
-- The bookings that exist before this migration.
DO $$
BEGIN
  EXECUTE buchbar_seat_rollup_sql(buchbar_seat_rollup_source('reading_room_bookings', 1));
  EXECUTE buchbar_vehicle_rollup_sql(buchbar_vehicle_rollup_source('vehicle_bookings', 1));
END
$$;
