-- Pool vehicles. Hand-written from drizzle-kit's output for src/db/schema/vehicles.ts,
-- plus what drizzle cannot express: checks and the exclusion constraint against double booking.
CREATE TABLE "object_attributes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"target" text NOT NULL,
	"type" text NOT NULL,
	"label" text NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "object_attributes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_attribute_values" (
	"tenant_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"attribute_id" uuid NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "vehicle_attribute_values_tenant_id_vehicle_id_attribute_id_pk" PRIMARY KEY("tenant_id","vehicle_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_booking_approvers" (
	"tenant_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"approved" boolean,
	"decided_at" timestamp with time zone,
	CONSTRAINT "vehicle_booking_approvers_tenant_id_booking_id_user_id_pk" PRIMARY KEY("tenant_id","booking_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_bookings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"von" timestamp with time zone NOT NULL,
	"bis" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'reserviert' NOT NULL,
	"type" text DEFAULT 'BUCHUNG' NOT NULL,
	"booked_by_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"info_text" text,
	"reason" text,
	"passengers" text,
	"destination" text,
	"stopover" text,
	"contact" text,
	"detour" text,
	"cancel_reason" text,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"attachment_token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"reminder_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_bookings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_departments" (
	"tenant_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	CONSTRAINT "vehicle_departments_tenant_id_vehicle_id_department_id_pk" PRIMARY KEY("tenant_id","vehicle_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_history" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"status" text,
	"description" text,
	"booking_id" uuid,
	"mileage" integer,
	"cleanliness_outside" text,
	"cleanliness_inside" text,
	"parking_space_id" uuid,
	"fuel_percent" real,
	"damages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" uuid,
	CONSTRAINT "vehicle_history_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"location_id" uuid NOT NULL,
	"category" text NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"license_plate" text NOT NULL,
	"fuel" text NOT NULL,
	"power_kw" integer,
	"gearbox" text,
	"trunk_bags" integer,
	"seats" integer,
	"doors" integer,
	"colour" text,
	"required_license_class" text,
	"air_conditioning" boolean DEFAULT false NOT NULL,
	"navigation" boolean DEFAULT false NOT NULL,
	"cruise_control" boolean DEFAULT false NOT NULL,
	"seat_heating" boolean DEFAULT false NOT NULL,
	"image_path" text,
	"image_content_type" text,
	"guest_booking_possible" boolean DEFAULT false NOT NULL,
	"booking_outside_possible" boolean DEFAULT false NOT NULL,
	"booking_weekdays" jsonb DEFAULT '["montags","dienstags","mittwochs","donnerstags","freitags"]'::jsonb NOT NULL,
	"booking_from" text DEFAULT '09:00' NOT NULL,
	"booking_to" text DEFAULT '18:00' NOT NULL,
	"deactivated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "object_attributes" ADD CONSTRAINT "object_attributes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_attribute_values" ADD CONSTRAINT "vehicle_attribute_values_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_attribute_values" ADD CONSTRAINT "vehicle_attribute_values_tenant_id_vehicle_id_vehicles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_attribute_values" ADD CONSTRAINT "vehicle_attribute_values_tenant_id_attribute_id_object_attributes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","attribute_id") REFERENCES "public"."object_attributes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_booking_approvers" ADD CONSTRAINT "vehicle_booking_approvers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_booking_approvers" ADD CONSTRAINT "vehicle_booking_approvers_tenant_id_booking_id_vehicle_bookings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","booking_id") REFERENCES "public"."vehicle_bookings"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_booking_approvers" ADD CONSTRAINT "vehicle_booking_approvers_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_bookings" ADD CONSTRAINT "vehicle_bookings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_bookings" ADD CONSTRAINT "vehicle_bookings_tenant_id_vehicle_id_vehicles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_bookings" ADD CONSTRAINT "vehicle_bookings_tenant_id_booked_by_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","booked_by_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_bookings" ADD CONSTRAINT "vehicle_bookings_tenant_id_driver_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_departments" ADD CONSTRAINT "vehicle_departments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_departments" ADD CONSTRAINT "vehicle_departments_tenant_id_vehicle_id_vehicles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_departments" ADD CONSTRAINT "vehicle_departments_tenant_id_department_id_departments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","department_id") REFERENCES "public"."departments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_history" ADD CONSTRAINT "vehicle_history_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_history" ADD CONSTRAINT "vehicle_history_tenant_id_vehicle_id_vehicles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_history" ADD CONSTRAINT "vehicle_history_tenant_id_booking_id_vehicle_bookings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","booking_id") REFERENCES "public"."vehicle_bookings"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_history" ADD CONSTRAINT "vehicle_history_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_history" ADD CONSTRAINT "vehicle_history_tenant_id_parking_space_id_parking_spaces_tenant_id_id_fk" FOREIGN KEY ("tenant_id","parking_space_id") REFERENCES "public"."parking_spaces"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_booking_approvers_tenant_id_user_id_index" ON "vehicle_booking_approvers" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "vehicle_bookings_tenant_id_vehicle_id_von_index" ON "vehicle_bookings" USING btree ("tenant_id","vehicle_id","von");--> statement-breakpoint
CREATE INDEX "vehicle_bookings_tenant_id_driver_id_von_index" ON "vehicle_bookings" USING btree ("tenant_id","driver_id","von");--> statement-breakpoint
CREATE INDEX "vehicle_bookings_tenant_id_booked_by_id_von_index" ON "vehicle_bookings" USING btree ("tenant_id","booked_by_id","von");--> statement-breakpoint
CREATE INDEX "vehicle_bookings_tenant_id_status_von_index" ON "vehicle_bookings" USING btree ("tenant_id","status","von");--> statement-breakpoint
CREATE INDEX "vehicle_history_tenant_id_vehicle_id_time_index" ON "vehicle_history" USING btree ("tenant_id","vehicle_id","time");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_id_deactivated_index" ON "vehicles" USING btree ("tenant_id","deactivated");--> statement-breakpoint
ALTER TABLE "vehicle_bookings" ADD CONSTRAINT "vehicle_bookings_status_check" CHECK ("status" IN ('vorgemerkt', 'reserviert', 'aktiv', 'durchgeführt', 'storniert', 'verschlossen'));
--> statement-breakpoint
ALTER TABLE "vehicle_bookings" ADD CONSTRAINT "vehicle_bookings_type_check" CHECK ("type" IN ('BUCHUNG', 'WARTUNG', 'SERVICE', 'DEFEKT'));
--> statement-breakpoint
ALTER TABLE "vehicle_bookings" ADD CONSTRAINT "vehicle_bookings_period_check" CHECK ("bis" > "von" AND "blocked_until" >= "bis");
--> statement-breakpoint
ALTER TABLE "vehicle_history" ADD CONSTRAINT "vehicle_history_type_check" CHECK ("type" IN ('ERSTELLUNG', 'STATUSAENDERUNG', 'STAMMDATENAENDERUNG', 'WARTUNG', 'CHECK_IN', 'CHECK_OUT', 'SERVICE', 'DEAKTIVIERUNG'));
--> statement-breakpoint
ALTER TABLE "vehicle_history" ADD CONSTRAINT "vehicle_history_fuel_check" CHECK ("fuel_percent" IS NULL OR ("fuel_percent" >= 0 AND "fuel_percent" <= 100));
--> statement-breakpoint
ALTER TABLE "object_attributes" ADD CONSTRAINT "object_attributes_target_check" CHECK ("target" IN ('FAHRZEUG', 'FAHRZEUG_VERLAUF'));
--> statement-breakpoint
-- No double booking (docs/product.md#vehicle-availability, decision 010): blocking bookings of one vehicle may not have
-- overlapping [von, blocked_until) ranges, where blocked_until = bis + the minimum gap (set by
-- the service from fahrzeugMindestabstandMinuten). Two such ranges overlap exactly when the
-- bookings are closer than the gap on either side. Cancelled and completed bookings never block.
ALTER TABLE "vehicle_bookings" ADD CONSTRAINT "vehicle_bookings_no_overlap" EXCLUDE USING gist (
  "tenant_id" WITH =,
  "vehicle_id" WITH =,
  tstzrange("von", "blocked_until", '[)') WITH &&
) WHERE ("status" NOT IN ('storniert', 'durchgeführt'));
--> statement-breakpoint
-- Availability and timeline queries run under row-level security, where only leakproof operators
-- (plain timestamptz comparisons, not range &&) can drive an index: `blocked_until > from AND von < to`.
-- Future bookings are bounded by the booking window, so `blocked_until > from` stays selective (decision 010).
CREATE INDEX "vehicle_bookings_tenant_until_idx" ON "vehicle_bookings" USING btree ("tenant_id", "blocked_until");
--> statement-breakpoint
CREATE INDEX "vehicle_bookings_vehicle_until_idx" ON "vehicle_bookings" USING btree ("tenant_id", "vehicle_id", "blocked_until");
