-- Fahrtenbuch (logbook). Append-only: the application role may only read and insert.
CREATE TABLE "logbook_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"supersedes_id" uuid,
	"kind" text NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"booking_id" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"odometer_start" integer NOT NULL,
	"odometer_end" integer NOT NULL,
	"driver_id" uuid,
	"driver_name" text NOT NULL,
	"destination" text,
	"stopover" text,
	"reason" text,
	"partner" text,
	"detour" text,
	"trip_kind" text NOT NULL,
	"note" text,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logbook_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_tenant_id_vehicle_id_vehicles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_tenant_id_booking_id_vehicle_bookings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","booking_id") REFERENCES "public"."vehicle_bookings"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_tenant_id_driver_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","driver_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_tenant_id_created_by_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_tenant_id_supersedes_id_logbook_entries_tenant_id_id_fk" FOREIGN KEY ("tenant_id","supersedes_id") REFERENCES "public"."logbook_entries"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "logbook_entries_tenant_id_entry_id_revision_index" ON "logbook_entries" USING btree ("tenant_id","entry_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "logbook_entries_tenant_id_supersedes_id_index" ON "logbook_entries" USING btree ("tenant_id","supersedes_id");--> statement-breakpoint
CREATE UNIQUE INDEX "logbook_entries_one_per_trip" ON "logbook_entries" USING btree ("tenant_id","booking_id") WHERE revision = 1 AND booking_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "logbook_entries_tenant_id_vehicle_id_started_at_index" ON "logbook_entries" USING btree ("tenant_id","vehicle_id","started_at");--> statement-breakpoint
CREATE INDEX "logbook_entries_tenant_id_driver_id_started_at_index" ON "logbook_entries" USING btree ("tenant_id","driver_id","started_at");--> statement-breakpoint
CREATE INDEX "logbook_entries_tenant_id_started_at_index" ON "logbook_entries" USING btree ("tenant_id","started_at");
--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_kind_check" CHECK ("kind" IN ('FAHRT', 'LUECKE'));
--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_trip_kind_check" CHECK ("trip_kind" IN ('dienstlich', 'privat', 'Arbeitsweg'));
--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_odometer_check" CHECK ("odometer_start" >= 0 AND "odometer_end" >= "odometer_start");
--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_time_check" CHECK ("ended_at" > "started_at");
--> statement-breakpoint
-- An original is revision 1, is its own entry and supersedes nothing; every later revision supersedes one row.
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_chain_check" CHECK (
  ("revision" = 1 AND "supersedes_id" IS NULL AND "entry_id" = "id") OR ("revision" > 1 AND "supersedes_id" IS NOT NULL)
);
--> statement-breakpoint
-- A revision continues the chain of the row it supersedes, with the next number, for the same vehicle.
CREATE OR REPLACE FUNCTION buchbar_logbook_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  prev record;
BEGIN
  IF NEW.supersedes_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT entry_id, revision, vehicle_id INTO prev FROM logbook_entries WHERE tenant_id = NEW.tenant_id AND id = NEW.supersedes_id;
  IF NOT FOUND OR prev.entry_id <> NEW.entry_id OR prev.revision + 1 <> NEW.revision OR prev.vehicle_id <> NEW.vehicle_id THEN
    RAISE EXCEPTION 'logbook revision does not continue its chain' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER logbook_entries_chain BEFORE INSERT ON "logbook_entries" FOR EACH ROW EXECUTE FUNCTION buchbar_logbook_chain();
--> statement-breakpoint
-- GoBD / R 8.1 Abs. 9 LStR: an electronic logbook is never changed. buchbar_secure_tables() grants the
-- application role UPDATE and DELETE on every table after each migration, so a REVOKE would not last:
-- this trigger refuses both (and TRUNCATE) whenever the application role runs the statement.
CREATE OR REPLACE FUNCTION buchbar_logbook_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_user = 'buchbar_app' THEN
    RAISE EXCEPTION 'Fahrtenbucheinträge können nicht geändert oder gelöscht werden.' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'TRUNCATE' THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER logbook_entries_append_only BEFORE UPDATE OR DELETE ON "logbook_entries" FOR EACH ROW EXECUTE FUNCTION buchbar_logbook_append_only();
--> statement-breakpoint
CREATE TRIGGER logbook_entries_no_truncate BEFORE TRUNCATE ON "logbook_entries" FOR EACH STATEMENT EXECUTE FUNCTION buchbar_logbook_append_only();
