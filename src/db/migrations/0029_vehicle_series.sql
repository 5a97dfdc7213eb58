-- Vehicle series: a pool vehicle booked on a rule of days with a time of day per date (decision 115).
-- Every date is an ordinary vehicle booking carrying series_id; the exclusion constraint still guards each one.
CREATE TABLE "vehicle_series" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"booked_by_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"rule" jsonb NOT NULL,
	"from_time" text NOT NULL,
	"to_time" text NOT NULL,
	-- The trip details every date of the series is booked with (reason, destination, ...).
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	-- The last day the series has been booked through (the extension job goes on from the day after).
	"booked_through" date NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_series_pkey" PRIMARY KEY ("tenant_id", "id"),
	CONSTRAINT "vehicle_series_vehicle_fk" FOREIGN KEY ("tenant_id", "vehicle_id") REFERENCES "vehicles"("tenant_id", "id") ON DELETE CASCADE,
	CONSTRAINT "vehicle_series_booker_fk" FOREIGN KEY ("tenant_id", "booked_by_id") REFERENCES "users"("tenant_id", "id") ON DELETE CASCADE,
	CONSTRAINT "vehicle_series_driver_fk" FOREIGN KEY ("tenant_id", "driver_id") REFERENCES "users"("tenant_id", "id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "vehicle_series_open" ON "vehicle_series" ("tenant_id", "booked_through") WHERE "ended_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "vehicle_bookings" ADD COLUMN "series_id" uuid;
--> statement-breakpoint
ALTER TABLE "vehicle_bookings" ADD CONSTRAINT "vehicle_bookings_series_fk" FOREIGN KEY ("tenant_id", "series_id") REFERENCES "vehicle_series"("tenant_id", "id");
--> statement-breakpoint
CREATE INDEX "vehicle_bookings_series" ON "vehicle_bookings" ("tenant_id", "series_id", "von") WHERE "series_id" IS NOT NULL;
