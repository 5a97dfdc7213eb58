-- Group rooms (decision 020): when no block of consecutive places is free although enough places are, the
-- booking service packs the day's bookings of the room again. Moving places one row after the other passes
-- through states the no-overlap rule forbids, so the rule may now be checked at commit for that transaction
-- (SET CONSTRAINTS … DEFERRED); everywhere else it stays checked at once (INITIALLY IMMEDIATE).
ALTER TABLE "reading_room_bookings" DROP CONSTRAINT "reading_room_bookings_no_overlap";
--> statement-breakpoint
ALTER TABLE "reading_room_bookings" ADD CONSTRAINT "reading_room_bookings_no_overlap" EXCLUDE USING gist (
	"tenant_id" WITH =,
	"reading_room_id" WITH =,
	int4range("place_from", "place_to") WITH &&,
	tstzrange("von", "bis") WITH &&
) WHERE ("status" NOT IN ('storniert', 'durchgeführt')) DEFERRABLE INITIALLY IMMEDIATE;
