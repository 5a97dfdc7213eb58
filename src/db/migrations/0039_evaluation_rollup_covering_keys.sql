-- The evaluation reads the roll-up rows of a period (decision 181). Their keys were the whole index: every
-- row read meant a visit to the table, and a year's 7,000 rows lay on 1,900 pages, because month rows and
-- day rows are written as bookings come and so are spread over the table. Carrying the sums in the key's
-- index lets the evaluation read them from the index alone (an index-only scan, once a vacuum has marked the
-- pages visible: autovacuum on PostgreSQL, the nightly planner-statistics job on PGlite).
ALTER TABLE "seat_booking_days" DROP CONSTRAINT "seat_booking_days_pk";
--> statement-breakpoint
ALTER TABLE "seat_booking_days" ADD CONSTRAINT "seat_booking_days_pk"
  PRIMARY KEY ("tenant_id", "whole_month", "day", "reading_room_id") INCLUDE ("bookings", "cancelled", "no_shows", "booked_minutes");
--> statement-breakpoint
ALTER TABLE "vehicle_booking_days" DROP CONSTRAINT "vehicle_booking_days_pk";
--> statement-breakpoint
ALTER TABLE "vehicle_booking_days" ADD CONSTRAINT "vehicle_booking_days_pk"
  PRIMARY KEY ("tenant_id", "whole_month", "day", "vehicle_id") INCLUDE ("total", "bookings", "trips", "cancelled", "booked_minutes", "kilometres");
