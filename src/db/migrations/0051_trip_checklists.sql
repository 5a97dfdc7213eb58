-- The check before the trip (Abfahrtskontrolle, § 36 DGUV Vorschrift 70; decision 228): the fleet's checklists per
-- vehicle category, their published versions with the wording of each point, and the answers given at every trip
-- start. A version, its points, a check and its answers are never changed: a change of the points is a new version,
-- and the answers keep the wording they were given for.
CREATE TABLE "trip_check_answers" (
	"tenant_id" uuid NOT NULL,
	"check_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"ok" boolean NOT NULL,
	"note" text,
	"damage_id" uuid,
	CONSTRAINT "trip_check_answers_pk" PRIMARY KEY("tenant_id","check_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "trip_checklist_categories" (
	"tenant_id" uuid NOT NULL,
	"category_key" text NOT NULL,
	"category" text NOT NULL,
	"checklist_id" uuid NOT NULL,
	CONSTRAINT "trip_checklist_categories_pk" PRIMARY KEY("tenant_id","category_key")
);
--> statement-breakpoint
CREATE TABLE "trip_checklist_items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"item_key" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"critical" boolean NOT NULL,
	CONSTRAINT "trip_checklist_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "trip_checklist_items_tenant_id_version_id_id_unique" UNIQUE("tenant_id","version_id","id"),
	CONSTRAINT "trip_checklist_items_position_unique" UNIQUE("tenant_id","version_id","position"),
	CONSTRAINT "trip_checklist_items_item_key_unique" UNIQUE("tenant_id","version_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "trip_checklist_versions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"checklist_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_checklist_versions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "trip_checklist_versions_number_unique" UNIQUE("tenant_id","checklist_id","version")
);
--> statement-breakpoint
CREATE TABLE "trip_checklists" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_checklists_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "trip_checks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_checks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "trip_checks_tenant_id_id_version_id_unique" UNIQUE("tenant_id","id","version_id")
);
--> statement-breakpoint
ALTER TABLE "trip_check_answers" ADD CONSTRAINT "trip_check_answers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_check_answers" ADD CONSTRAINT "trip_check_answers_check_fk" FOREIGN KEY ("tenant_id","check_id","version_id") REFERENCES "public"."trip_checks"("tenant_id","id","version_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_check_answers" ADD CONSTRAINT "trip_check_answers_item_fk" FOREIGN KEY ("tenant_id","version_id","item_id") REFERENCES "public"."trip_checklist_items"("tenant_id","version_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_check_answers" ADD CONSTRAINT "trip_check_answers_damage_fk" FOREIGN KEY ("tenant_id","damage_id") REFERENCES "public"."vehicle_damages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_checklist_categories" ADD CONSTRAINT "trip_checklist_categories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_checklist_categories" ADD CONSTRAINT "trip_checklist_categories_checklist_fk" FOREIGN KEY ("tenant_id","checklist_id") REFERENCES "public"."trip_checklists"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_checklist_items" ADD CONSTRAINT "trip_checklist_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_checklist_items" ADD CONSTRAINT "trip_checklist_items_version_fk" FOREIGN KEY ("tenant_id","version_id") REFERENCES "public"."trip_checklist_versions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_checklist_versions" ADD CONSTRAINT "trip_checklist_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_checklist_versions" ADD CONSTRAINT "trip_checklist_versions_checklist_fk" FOREIGN KEY ("tenant_id","checklist_id") REFERENCES "public"."trip_checklists"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_checklists" ADD CONSTRAINT "trip_checklists_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_checks" ADD CONSTRAINT "trip_checks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_checks" ADD CONSTRAINT "trip_checks_booking_fk" FOREIGN KEY ("tenant_id","booking_id") REFERENCES "public"."vehicle_bookings"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_checks" ADD CONSTRAINT "trip_checks_vehicle_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_checks" ADD CONSTRAINT "trip_checks_version_fk" FOREIGN KEY ("tenant_id","version_id") REFERENCES "public"."trip_checklist_versions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_check_answers_tenant_id_damage_id_index" ON "trip_check_answers" USING btree ("tenant_id","damage_id");--> statement-breakpoint
CREATE INDEX "trip_checklist_categories_tenant_id_checklist_id_index" ON "trip_checklist_categories" USING btree ("tenant_id","checklist_id");--> statement-breakpoint
CREATE INDEX "trip_checks_tenant_id_vehicle_id_answered_at_index" ON "trip_checks" USING btree ("tenant_id","vehicle_id","answered_at");--> statement-breakpoint
CREATE INDEX "trip_checks_tenant_id_booking_id_index" ON "trip_checks" USING btree ("tenant_id","booking_id");
--> statement-breakpoint
ALTER TABLE "trip_checks" ADD CONSTRAINT "trip_checks_outcome_check" CHECK ("outcome" IN ('angetreten', 'abgelehnt'));
--> statement-breakpoint
-- A trip starts once: one check that let it start per booking (refused checks before it may be several).
CREATE UNIQUE INDEX "trip_checks_one_start_per_booking" ON "trip_checks" USING btree ("tenant_id","booking_id") WHERE "outcome" = 'angetreten';
--> statement-breakpoint
ALTER TABLE "trip_checklist_versions" ADD CONSTRAINT "trip_checklist_versions_number_check" CHECK ("version" >= 1);
--> statement-breakpoint
ALTER TABLE "trip_checklist_items" ADD CONSTRAINT "trip_checklist_items_label_check" CHECK (btrim("label") <> '' AND length("label") <= 120);
--> statement-breakpoint
ALTER TABLE "trip_checklists" ADD CONSTRAINT "trip_checklists_name_check" CHECK (btrim("name") <> '' AND length("name") <= 80);
--> statement-breakpoint
-- A point not in order carries a note; no note is longer than the form allows.
ALTER TABLE "trip_check_answers" ADD CONSTRAINT "trip_check_answers_note_check" CHECK (
  ("ok" OR ("note" IS NOT NULL AND btrim("note") <> '')) AND ("note" IS NULL OR length("note") <= 500)
);
--> statement-breakpoint
-- buchbar_secure_tables() grants the application role UPDATE and DELETE on every table after each migration, so a
-- REVOKE would not last: as for the logbook (migration 0007), a trigger refuses both whenever the application role
-- runs the statement. Removing a tenant (the operator, not the application role) still cascades.
CREATE OR REPLACE FUNCTION buchbar_trip_check_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_user = 'buchbar_app' THEN
    RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'insufficient_privilege';
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
CREATE TRIGGER trip_checklist_versions_append_only BEFORE UPDATE OR DELETE ON "trip_checklist_versions" FOR EACH ROW EXECUTE FUNCTION buchbar_trip_check_append_only('Veröffentlichte Versionen einer Checkliste können nicht geändert werden.');
--> statement-breakpoint
CREATE TRIGGER trip_checklist_items_append_only BEFORE UPDATE OR DELETE ON "trip_checklist_items" FOR EACH ROW EXECUTE FUNCTION buchbar_trip_check_append_only('Veröffentlichte Versionen einer Checkliste können nicht geändert werden.');
--> statement-breakpoint
CREATE TRIGGER trip_checks_append_only BEFORE UPDATE OR DELETE ON "trip_checks" FOR EACH ROW EXECUTE FUNCTION buchbar_trip_check_append_only('Abfahrtskontrollen können nicht geändert oder gelöscht werden.');
--> statement-breakpoint
CREATE TRIGGER trip_check_answers_append_only BEFORE UPDATE OR DELETE ON "trip_check_answers" FOR EACH ROW EXECUTE FUNCTION buchbar_trip_check_append_only('Abfahrtskontrollen können nicht geändert oder gelöscht werden.');
