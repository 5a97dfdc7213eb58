-- The evaluation roll-up's trigger on vehicle_history (migration 0027, decision 126) told the history rows
-- written by the statement from the older ones with NOT IN over the statement's new rows. NOT IN over a
-- row value cannot become an anti-join, and once the new rows no longer fit in work_mem it compared every
-- history row with every new row: a bulk write of 190,000 check-ins and check-outs ran for more than
-- 19 minutes (decision 174). NOT EXISTS is an anti-join; the result is the same, as history ids are never null.
CREATE OR REPLACE FUNCTION buchbar_vehicle_history_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
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
                 where h.type in (''CHECK_IN'', ''CHECK_OUT'') and not exists (select 1 from %s a where a.tenant_id = h.tenant_id and a.id = h.id)
                union all
                select r.tenant_id, r.booking_id, r.type, r.mileage from %s r where r.type in (''CHECK_IN'', ''CHECK_OUT'')) q
         group by q.tenant_id, q.booking_id) k on k.tenant_id = b.tenant_id and k.booking_id = b.id)',
    bookings, affected, added, removed);
  EXECUTE buchbar_vehicle_rollup_sql(
    buchbar_vehicle_rollup_source(before, -1, 'b.km_before') || ' union all ' || buchbar_vehicle_rollup_source(bookings, 1));
  RETURN NULL;
END
$f$;
