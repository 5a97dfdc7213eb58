-- one place per person at a time in reading rooms and workplaces (decision 036).
-- A booking for oneself carries its booker in exclusive_person_id while the tenant keeps the rule
-- (setting leseraumEinPlatzProPerson); pre-bookings for others leave it null and so never count.
ALTER TABLE "reading_room_bookings" ADD COLUMN "exclusive_person_id" uuid;
--> statement-breakpoint
ALTER TABLE "reading_room_bookings" ADD CONSTRAINT "reading_room_bookings_exclusive_person" CHECK ("reading_room_bookings"."exclusive_person_id" is null or ("reading_room_bookings"."confirming_id" is null and "reading_room_bookings"."exclusive_person_id" = "reading_room_bookings"."booker_id"));
--> statement-breakpoint
-- Bookings made before this migration count from now on: each own holding booking that does not
-- overlap an earlier one of the same person is marked, so marking can never break the constraint.
UPDATE "reading_room_bookings" AS b SET "exclusive_person_id" = b."booker_id"
WHERE b."confirming_id" IS NULL
	AND b."status" IN ('vorgemerkt', 'reserviert')
	AND NOT EXISTS (
		SELECT 1 FROM "reading_room_bookings" AS o
		WHERE o."tenant_id" = b."tenant_id"
			AND o."booker_id" = b."booker_id"
			AND o."confirming_id" IS NULL
			AND o."status" IN ('vorgemerkt', 'reserviert')
			AND o."id" <> b."id"
			AND tstzrange(o."von", o."bis") && tstzrange(b."von", b."bis")
			AND (o."created_at", o."id") < (b."created_at", b."id")
	);
--> statement-breakpoint
-- No two holding bookings (vorgemerkt, reserviert: the list of the place constraint of 0003) of one
-- person for themselves may overlap in time, whatever path writes them.
ALTER TABLE "reading_room_bookings" ADD CONSTRAINT "reading_room_bookings_one_place_per_person" EXCLUDE USING gist (
	"tenant_id" WITH =,
	"exclusive_person_id" WITH =,
	tstzrange("von", "bis") WITH &&
) WHERE ("exclusive_person_id" IS NOT NULL AND "status" NOT IN ('storniert', 'durchgeführt'));
