-- The SEQUENCE of a booking's calendar event (decision 200): a counter on the row that every UPDATE raises by
-- one, so two changes within one second still give two numbers. Counted by a trigger, so every path that
-- writes a booking (the application, a job, a statement by hand) counts.
ALTER TABLE "reading_room_bookings" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "vehicle_bookings" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Existing bookings start at the highest number the old rule (seconds between creation and the change, the feed
-- from the row's change time, a mail from its sending time) can have given until now, so no calendar sees its
-- event's number go down. Written with the tables' own triggers off: what they keep (change time, change
-- versions, evaluation rollup) and check (capacity, locker release) does not depend on this column.
ALTER TABLE "reading_room_bookings" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "reading_room_bookings"
   SET "revision" = greatest(0, floor(extract(epoch FROM greatest("updated_at", now()) - "created_at")))::integer;
--> statement-breakpoint
ALTER TABLE "reading_room_bookings" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "vehicle_bookings" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "vehicle_bookings"
   SET "revision" = greatest(0, floor(extract(epoch FROM greatest("updated_at", now()) - "created_at")))::integer;
--> statement-breakpoint
ALTER TABLE "vehicle_bookings" ENABLE TRIGGER USER;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION buchbar_count_booking_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- From the stored row, whatever the statement set: no write can lower or skip the number.
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reading_room_bookings_revision" BEFORE UPDATE ON "reading_room_bookings"
	FOR EACH ROW EXECUTE FUNCTION buchbar_count_booking_revision();
--> statement-breakpoint
CREATE TRIGGER "vehicle_bookings_revision" BEFORE UPDATE ON "vehicle_bookings"
	FOR EACH ROW EXECUTE FUNCTION buchbar_count_booking_revision();
--> statement-breakpoint
-- The change time of a seat booking no longer runs a second ahead per change to make the number grow: it is the
-- time of the change, never earlier than the last one.
CREATE OR REPLACE FUNCTION buchbar_touch_reading_room_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := greatest(clock_timestamp(), OLD.updated_at);
  RETURN NEW;
END
$$;
