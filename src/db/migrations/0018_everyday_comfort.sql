-- Everyday comfort: calendar feeds, .ics attachments, booking series of seats and desks.

-- A person's private calendar subscription: only the SHA-256 of the secret token is stored; renewing replaces it, revoking deletes it.
CREATE TABLE "calendar_feeds" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_pkey" PRIMARY KEY ("tenant_id", "user_id"),
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE ("tenant_id", "token_hash"),
	CONSTRAINT "calendar_feeds_user_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id") ON DELETE CASCADE
);
--> statement-breakpoint
-- The calendar event attached to a booking mail (text/calendar), sent with the mail and kept with it in the outbox.
ALTER TABLE "mail_outbox" ADD COLUMN "ics" text;
--> statement-breakpoint
-- A series of seat or desk bookings: the rule is expanded by domain/booking-series.ts; every date is an ordinary booking.
CREATE TABLE "booking_series" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"booker_id" uuid NOT NULL,
	"reading_room_id" uuid NOT NULL,
	"rule" jsonb NOT NULL,
	"from_time" text NOT NULL,
	"to_time" text NOT NULL,
	"group_size" integer DEFAULT 1 NOT NULL,
	-- The last day the series has been booked through (the extension job goes on from the day after).
	"booked_through" date NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_series_pkey" PRIMARY KEY ("tenant_id", "id"),
	CONSTRAINT "booking_series_booker_fk" FOREIGN KEY ("tenant_id", "booker_id") REFERENCES "users"("tenant_id", "id") ON DELETE CASCADE,
	CONSTRAINT "booking_series_object_fk" FOREIGN KEY ("tenant_id", "reading_room_id") REFERENCES "reading_rooms"("tenant_id", "id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "booking_series_open" ON "booking_series" ("tenant_id", "booked_through") WHERE "ended_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "reading_room_bookings" ADD COLUMN "series_id" uuid;
--> statement-breakpoint
ALTER TABLE "reading_room_bookings" ADD CONSTRAINT "reading_room_bookings_series_fk" FOREIGN KEY ("tenant_id", "series_id") REFERENCES "booking_series"("tenant_id", "id");
--> statement-breakpoint
CREATE INDEX "reading_room_bookings_series" ON "reading_room_bookings" ("tenant_id", "series_id", "von") WHERE "series_id" IS NOT NULL;
--> statement-breakpoint
-- When a booking last changed: the SEQUENCE of its calendar event counts from it, so a calendar takes every change.
ALTER TABLE "reading_room_bookings" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION buchbar_touch_reading_room_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := greatest(clock_timestamp(), OLD.updated_at + interval '1 second');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reading_room_bookings_touch" BEFORE UPDATE ON "reading_room_bookings"
	FOR EACH ROW EXECUTE FUNCTION buchbar_touch_reading_room_booking();
