-- A locker belongs to a desk booking of the same day and floor plan (decision 069). Every path that
-- cancels desk bookings (the person, a pre-booking withdrawn, a deactivated desk or plan, an absence)
-- ends here, so the locker is given back wherever the cancellation comes from.
CREATE OR REPLACE FUNCTION buchbar_release_lockers_without_desk() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE locker_assignments a
     SET released_at = now()
    FROM lockers l
   WHERE l.tenant_id = a.tenant_id AND l.id = a.locker_id
     AND a.tenant_id = NEW.tenant_id
     AND a.user_id = coalesce(NEW.confirming_id, NEW.booker_id)
     AND a.released_at IS NULL
     AND a.day BETWEEN (NEW.von AT TIME ZONE 'Europe/Berlin')::date
                   AND ((NEW.bis - interval '1 microsecond') AT TIME ZONE 'Europe/Berlin')::date
     AND l.floor_plan_id = (SELECT r.floor_plan_id FROM reading_rooms r
                             WHERE r.tenant_id = NEW.tenant_id AND r.id = NEW.reading_room_id)
     AND NOT EXISTS (
       SELECT 1
         FROM reading_room_bookings b
         JOIN reading_rooms r ON r.tenant_id = b.tenant_id AND r.id = b.reading_room_id
        WHERE b.tenant_id = NEW.tenant_id AND b.id <> NEW.id
          AND coalesce(b.confirming_id, b.booker_id) = a.user_id
          AND r.floor_plan_id = l.floor_plan_id
          AND b.status IN ('vorgemerkt', 'reserviert', 'durchgeführt')
          AND b.von < ((a.day + 1)::timestamp AT TIME ZONE 'Europe/Berlin')
          AND b.bis > (a.day::timestamp AT TIME ZONE 'Europe/Berlin'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reading_room_bookings_release_lockers
  AFTER UPDATE OF status ON reading_room_bookings
  FOR EACH ROW
  WHEN (NEW.status = 'storniert' AND OLD.status IS DISTINCT FROM 'storniert')
  EXECUTE FUNCTION buchbar_release_lockers_without_desk();
