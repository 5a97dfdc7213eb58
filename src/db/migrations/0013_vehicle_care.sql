-- Vehicle care after the trip: service booklet (Serviceheft), damage records (Schäden) with their status history.
-- All tables carry tenant_id, so buchbar_secure_tables() puts them under row-level security.
CREATE TABLE "service_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"performed_on" date NOT NULL,
	"odometer" integer,
	"cost_cents" integer,
	"workshop" text,
	"next_due_on" date,
	"receipts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"block_booking_id" uuid,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "service_entries_kind_check" CHECK ("kind" IN ('Inspektion', 'Ölwechsel', 'Reifenwechsel', 'Hauptuntersuchung', 'Reparatur', 'Sonstiges')),
	CONSTRAINT "service_entries_odometer_check" CHECK ("odometer" IS NULL OR "odometer" >= 0),
	CONSTRAINT "service_entries_cost_check" CHECK ("cost_cents" IS NULL OR "cost_cents" >= 0),
	CONSTRAINT "service_entries_due_check" CHECK ("next_due_on" IS NULL OR "next_due_on" > "performed_on")
);
--> statement-breakpoint
ALTER TABLE "service_entries" ADD CONSTRAINT "service_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_entries" ADD CONSTRAINT "service_entries_tenant_id_vehicle_id_vehicles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_entries" ADD CONSTRAINT "service_entries_tenant_id_block_booking_id_vehicle_bookings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","block_booking_id") REFERENCES "public"."vehicle_bookings"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_entries" ADD CONSTRAINT "service_entries_tenant_id_created_by_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_entries" ADD CONSTRAINT "service_entries_tenant_id_updated_by_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","updated_by_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_entries_tenant_id_vehicle_id_performed_on_index" ON "service_entries" USING btree ("tenant_id","vehicle_id","performed_on");--> statement-breakpoint
CREATE TABLE "vehicle_damages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"booking_id" uuid,
	"description" text NOT NULL,
	"status" text DEFAULT 'gemeldet' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reported_by_id" uuid,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"block_booking_id" uuid,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "vehicle_damages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "vehicle_damages_status_check" CHECK ("status" IN ('gemeldet', 'in Reparatur', 'behoben')),
	CONSTRAINT "vehicle_damages_resolved_check" CHECK (("status" = 'behoben') = ("resolved_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "vehicle_damages" ADD CONSTRAINT "vehicle_damages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_damages" ADD CONSTRAINT "vehicle_damages_tenant_id_vehicle_id_vehicles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_damages" ADD CONSTRAINT "vehicle_damages_tenant_id_booking_id_vehicle_bookings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","booking_id") REFERENCES "public"."vehicle_bookings"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_damages" ADD CONSTRAINT "vehicle_damages_tenant_id_block_booking_id_vehicle_bookings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","block_booking_id") REFERENCES "public"."vehicle_bookings"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_damages" ADD CONSTRAINT "vehicle_damages_tenant_id_reported_by_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","reported_by_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_damages_tenant_id_vehicle_id_reported_at_index" ON "vehicle_damages" USING btree ("tenant_id","vehicle_id","reported_at");--> statement-breakpoint
-- The vehicle list asks which vehicles are blocked by an open damage: only open rows with a block are indexed.
CREATE INDEX "vehicle_damages_open_blocks" ON "vehicle_damages" USING btree ("tenant_id","vehicle_id") WHERE "block_booking_id" IS NOT NULL AND "status" <> 'behoben';--> statement-breakpoint
CREATE TABLE "vehicle_damage_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"damage_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"user_id" uuid,
	CONSTRAINT "vehicle_damage_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "vehicle_damage_events" ADD CONSTRAINT "vehicle_damage_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_damage_events" ADD CONSTRAINT "vehicle_damage_events_tenant_id_damage_id_vehicle_damages_tenant_id_id_fk" FOREIGN KEY ("tenant_id","damage_id") REFERENCES "public"."vehicle_damages"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_damage_events" ADD CONSTRAINT "vehicle_damage_events_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_damage_events_tenant_id_damage_id_at_index" ON "vehicle_damage_events" USING btree ("tenant_id","damage_id","at");
