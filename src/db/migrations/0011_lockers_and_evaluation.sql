-- office lockers (Spinde) and indexes for the evaluation.
CREATE TABLE "lockers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"floor_plan_id" uuid NOT NULL,
	"number" text NOT NULL,
	"pos_x" double precision DEFAULT 50 NOT NULL,
	"pos_y" double precision DEFAULT 50 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lockers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "lockers_tenant_id_floor_plan_id_number_unique" UNIQUE("tenant_id","floor_plan_id","number"),
	CONSTRAINT "lockers_position" CHECK ("lockers"."pos_x" between 0 and 100 and "lockers"."pos_y" between 0 and 100),
	CONSTRAINT "lockers_number" CHECK (length("lockers"."number") between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "locker_assignments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"locker_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "locker_assignments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "locker_assignments" ADD CONSTRAINT "locker_assignments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "locker_assignments" ADD CONSTRAINT "locker_assignments_tenant_id_locker_id_lockers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","locker_id") REFERENCES "public"."lockers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "locker_assignments" ADD CONSTRAINT "locker_assignments_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lockers" ADD CONSTRAINT "lockers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lockers" ADD CONSTRAINT "lockers_tenant_id_floor_plan_id_floor_plans_tenant_id_id_fk" FOREIGN KEY ("tenant_id","floor_plan_id") REFERENCES "public"."floor_plans"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "locker_assignments_tenant_id_day_index" ON "locker_assignments" USING btree ("tenant_id","day");
--> statement-breakpoint
-- Two people never hold one locker on the same day, and one person never holds two (decision 062).
ALTER TABLE "locker_assignments" ADD CONSTRAINT "locker_assignments_one_holder" EXCLUDE USING gist (
	"tenant_id" WITH =, "locker_id" WITH =, daterange("day", "day", '[]') WITH &&
) WHERE ("released_at" IS NULL);
--> statement-breakpoint
ALTER TABLE "locker_assignments" ADD CONSTRAINT "locker_assignments_one_locker_per_person" EXCLUDE USING gist (
	"tenant_id" WITH =, "user_id" WITH =, daterange("day", "day", '[]') WITH &&
) WHERE ("released_at" IS NULL);
--> statement-breakpoint
-- The evaluation (decision 061) aggregates a tenant's bookings of a period: covering indexes keep that one index range scan.
CREATE INDEX "reading_room_bookings_evaluation_index" ON "reading_room_bookings" USING btree ("tenant_id","von") INCLUDE ("reading_room_id","bis","status","booker_id","confirming_id","group_size","checked_in_at","cancelled_at");
--> statement-breakpoint
CREATE INDEX "vehicle_bookings_evaluation_index" ON "vehicle_bookings" USING btree ("tenant_id","von") INCLUDE ("vehicle_id","bis","status","type","driver_id");
--> statement-breakpoint
CREATE INDEX "vehicle_history_booking_mileage_index" ON "vehicle_history" USING btree ("tenant_id","booking_id","type") INCLUDE ("mileage") WHERE "type" IN ('CHECK_IN', 'CHECK_OUT');
