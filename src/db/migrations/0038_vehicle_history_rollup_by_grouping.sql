-- The roll-up trigger on vehicle_history (decisions 126, 174, 175) needs each affected booking's history
-- as it was before the statement. Migration 0037 kept the rows the statement did not write with NOT EXISTS
-- over new_rows. After a bulk write the planner's statistics of vehicle_history still describe the table
-- before it, so it expected a few dozen history rows and joined them with new_rows in a nested loop: work
-- in the square of the rows written again (165 million comparisons for 18,000 rows). Now the current rows
-- of the affected bookings (+1) and the statement's new rows (-1) are grouped by row id, and a row whose
-- marks add up to 1 was there before. Grouping has no nested-loop plan, whatever the statistics say.
CREATE OR REPLACE FUNCTION buchbar_vehicle_history_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  none text := '(select null::uuid as tenant_id, null::uuid as id, null::uuid as booking_id, null::text as type, null::integer as mileage where false)';
  added text := CASE WHEN TG_OP = 'DELETE' THEN none ELSE '(select tenant_id, id, booking_id, type, mileage from new_rows)' END;
  removed text := CASE WHEN TG_OP = 'INSERT' THEN none ELSE '(select tenant_id, id, booking_id, type, mileage from old_rows)' END;
  affected text;
  bookings text;
  kept text;
  before text;
BEGIN
  affected := format(
    '(select distinct c.tenant_id, c.booking_id from (select * from %s a union all select * from %s r) c where c.booking_id is not null and c.type in (''CHECK_IN'', ''CHECK_OUT''))',
    added, removed);
  bookings := format('(select b.* from vehicle_bookings b join %s f on f.tenant_id = b.tenant_id and f.booking_id = b.id)', affected);
  -- the history rows of the affected bookings that the statement did not write (an updated row appears
  -- on both sides with its new values and cancels out; its old values come back through old_rows)
  kept := format(
    '(select m.tenant_id, m.booking_id, m.type, m.mileage
        from (select h.tenant_id, h.id, h.booking_id, h.type, h.mileage, 1 as mark
                from vehicle_history h join %s f on f.tenant_id = h.tenant_id and f.booking_id = h.booking_id
               where h.type in (''CHECK_IN'', ''CHECK_OUT'')
              union all
              select a.tenant_id, a.id, a.booking_id, a.type, a.mileage, -1 from %s a where a.type in (''CHECK_IN'', ''CHECK_OUT'')) m
       group by m.tenant_id, m.id, m.booking_id, m.type, m.mileage
      having sum(m.mark) = 1)',
    affected, added);
  -- the kilometres of the affected bookings before the statement, grouped once (not one scan per booking)
  before := format(
    '(select b.*, coalesce(k.km, 0) as km_before from %s b left join (
        select q.tenant_id, q.booking_id,
               greatest(0, max(q.mileage) filter (where q.type = ''CHECK_OUT'') - max(q.mileage) filter (where q.type = ''CHECK_IN'')) as km
          from (select * from %s k
                union all
                select r.tenant_id, r.booking_id, r.type, r.mileage from %s r where r.type in (''CHECK_IN'', ''CHECK_OUT'')) q
         group by q.tenant_id, q.booking_id) k on k.tenant_id = b.tenant_id and k.booking_id = b.id)',
    bookings, kept, removed);
  EXECUTE buchbar_vehicle_rollup_sql(
    buchbar_vehicle_rollup_source(before, -1, 'b.km_before') || ' union all ' || buchbar_vehicle_rollup_source(bookings, 1));
  RETURN NULL;
END
$f$;
