-- Fleet-cost roll-up (decision 226, docs/performance/fleet-costs.md): receipt sums and logbook distances per
-- tenant, vehicle and Berlin day, kept by statement triggers in the same transaction as every change, so the
-- cost report never disagrees with the receipts and the logbook. As in the evaluation's roll-up (decision
-- 126), rows with whole_month = true carry a whole calendar month (day = its first day); the report reads a
-- year from the month rows and, at its edges, day rows added or taken away. The sums ride in the key's index
-- so that a report reads the index alone.
CREATE TABLE "fleet_cost_days" (
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "whole_month" boolean NOT NULL,
  "day" date NOT NULL,
  "vehicle_id" uuid NOT NULL,
  "fuel_cents" bigint NOT NULL,
  "charging_cents" bigint NOT NULL,
  "other_cents" bigint NOT NULL,
  "litres" double precision NOT NULL,
  "kwh" double precision NOT NULL,
  "kilometres" bigint NOT NULL,
  CONSTRAINT "fleet_cost_days_pk" PRIMARY KEY ("tenant_id", "whole_month", "day", "vehicle_id")
    INCLUDE ("fuel_cents", "charging_cents", "other_cents", "litres", "kwh", "kilometres")
);
--> statement-breakpoint
-- Adds weighted contributions (tenant_id, day, vehicle_id, fuel, charging, other, litres, kwh, km) to the day
-- and the month row. Contributions of a tenant that is being deleted are dropped (its rows go with it).
CREATE FUNCTION buchbar_fleet_cost_add(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format($q$
    with s as (%s)
    insert into fleet_cost_days as t (tenant_id, whole_month, day, vehicle_id, fuel_cents, charging_cents, other_cents, litres, kwh, kilometres)
    select s.tenant_id, m.whole_month, case when m.whole_month then date_trunc('month', s.day)::date else s.day end, s.vehicle_id,
           sum(s.fuel), sum(s.charging), sum(s.other), sum(s.litres), sum(s.kwh), sum(s.km)
      from s cross join (values (false), (true)) m(whole_month)
     where exists (select 1 from tenants x where x.id = s.tenant_id)
     group by 1, 2, 3, 4
    on conflict (tenant_id, whole_month, day, vehicle_id) do update
      set fuel_cents = t.fuel_cents + excluded.fuel_cents, charging_cents = t.charging_cents + excluded.charging_cents,
          other_cents = t.other_cents + excluded.other_cents, litres = t.litres + excluded.litres,
          kwh = t.kwh + excluded.kwh, kilometres = t.kilometres + excluded.kilometres
  $q$, src)
$f$;
--> statement-breakpoint
-- A receipt contributes its amount by kind, its litres and kWh, on its day.
CREATE FUNCTION buchbar_fleet_cost_receipts(rel text, weight int) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format(
    'select r.tenant_id, r.day, r.vehicle_id,
            %1$s * case when r.kind = ''kraftstoff'' then r.amount_cents else 0 end as fuel,
            %1$s * case when r.kind = ''laden'' then r.amount_cents else 0 end as charging,
            %1$s * case when r.kind = ''sonstiges'' then r.amount_cents else 0 end as other,
            %1$s * coalesce(r.litres, 0) as litres, %1$s * coalesce(r.kwh, 0) as kwh, 0 as km
       from %2$s r',
    weight, rel)
$f$;
--> statement-breakpoint
CREATE FUNCTION buchbar_fleet_cost_receipts_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE buchbar_fleet_cost_add(buchbar_fleet_cost_receipts('old_rows', -1));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE buchbar_fleet_cost_add(buchbar_fleet_cost_receipts('new_rows', 1));
  END IF;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER fleet_cost_receipts_insert AFTER INSERT ON fuel_receipts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION buchbar_fleet_cost_receipts_trigger();
--> statement-breakpoint
CREATE TRIGGER fleet_cost_receipts_update AFTER UPDATE ON fuel_receipts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION buchbar_fleet_cost_receipts_trigger();
--> statement-breakpoint
CREATE TRIGGER fleet_cost_receipts_delete AFTER DELETE ON fuel_receipts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION buchbar_fleet_cost_receipts_trigger();
--> statement-breakpoint
-- The logbook counts each entry in its newest revision (a correction supersedes the revision before it), on
-- the Berlin day its trip started. `rel` holds entries that contribute with `weight`.
CREATE FUNCTION buchbar_fleet_cost_trips(rel text, weight int) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format(
    'select e.tenant_id, (e.started_at at time zone ''Europe/Berlin'')::date as day, e.vehicle_id,
            0 as fuel, 0 as charging, 0 as other, 0 as litres, 0 as kwh, %s * (e.odometer_end - e.odometer_start) as km
       from (%s) e',
    weight, rel)
$f$;
--> statement-breakpoint
CREATE FUNCTION buchbar_fleet_cost_logbook_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- every new revision counts, and the revision it supersedes no longer does (also when both came in this statement)
    EXECUTE buchbar_fleet_cost_add(buchbar_fleet_cost_trips('select * from new_rows', 1));
    EXECUTE buchbar_fleet_cost_add(buchbar_fleet_cost_trips(
      'select o.* from logbook_entries o join new_rows n on n.tenant_id = o.tenant_id and n.supersedes_id = o.id', -1));
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE buchbar_fleet_cost_add(buchbar_fleet_cost_trips(
      'select o.* from old_rows o where not exists (select 1 from logbook_entries s where s.tenant_id = o.tenant_id and s.supersedes_id = o.id)', -1));
    EXECUTE buchbar_fleet_cost_add(buchbar_fleet_cost_trips(
      'select n.* from new_rows n where not exists (select 1 from logbook_entries s where s.tenant_id = n.tenant_id and s.supersedes_id = n.id)', 1));
  ELSE
    -- a deleted revision counted when nothing superseded it; the revision a deleted one superseded counts again if it stays
    EXECUTE buchbar_fleet_cost_add(buchbar_fleet_cost_trips(
      'select o.* from old_rows o
        where not exists (select 1 from old_rows s where s.tenant_id = o.tenant_id and s.supersedes_id = o.id)
          and not exists (select 1 from logbook_entries s where s.tenant_id = o.tenant_id and s.supersedes_id = o.id)', -1));
    EXECUTE buchbar_fleet_cost_add(buchbar_fleet_cost_trips(
      'select p.* from logbook_entries p join old_rows o on o.tenant_id = p.tenant_id and o.supersedes_id = p.id', 1));
  END IF;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER fleet_cost_logbook_insert AFTER INSERT ON logbook_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION buchbar_fleet_cost_logbook_trigger();
--> statement-breakpoint
CREATE TRIGGER fleet_cost_logbook_update AFTER UPDATE ON logbook_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION buchbar_fleet_cost_logbook_trigger();
--> statement-breakpoint
CREATE TRIGGER fleet_cost_logbook_delete AFTER DELETE ON logbook_entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION buchbar_fleet_cost_logbook_trigger();
--> statement-breakpoint
-- What was there before the roll-up.
DO $d$
BEGIN
  EXECUTE buchbar_fleet_cost_add(buchbar_fleet_cost_receipts('fuel_receipts', 1));
  EXECUTE buchbar_fleet_cost_add(buchbar_fleet_cost_trips(
    'select e.* from logbook_entries e where not exists (select 1 from logbook_entries s where s.tenant_id = e.tenant_id and s.supersedes_id = e.id)', 1));
END
$d$;
