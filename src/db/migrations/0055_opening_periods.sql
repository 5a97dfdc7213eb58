-- Opening periods (decision 235): named sets of weekly hours valid for a date range (Vorlesungszeit, vorlesungsfreie
-- Zeit, Sommeröffnungszeiten) per floor plan. They replace the weekly default on the days they cover; deviating hours
-- and the public holidays of the tenant's Bundesland (setting feiertageBundesland) come before them. The seven
-- weekdays' hours are one JSON array [{weekday, von, bis, open}], checked by domain/opening-hours.ts on every write.
CREATE TABLE "floor_plan_opening_periods" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"id" uuid NOT NULL DEFAULT gen_random_uuid(),
	"floor_plan_id" uuid NOT NULL,
	"name" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"hours" jsonb NOT NULL,
	CONSTRAINT "floor_plan_opening_periods_pk" PRIMARY KEY ("tenant_id", "id"),
	CONSTRAINT "floor_plan_opening_periods_plan_fk" FOREIGN KEY ("tenant_id", "floor_plan_id")
		REFERENCES "floor_plans"("tenant_id", "id") ON DELETE CASCADE,
	CONSTRAINT "floor_plan_opening_periods_range" CHECK ("valid_to" >= "valid_from"),
	CONSTRAINT "floor_plan_opening_periods_name" CHECK (length(btrim("name")) between 1 and 80),
	CONSTRAINT "floor_plan_opening_periods_hours" CHECK (jsonb_typeof("hours") = 'array' AND jsonb_array_length("hours") = 7)
);
--> statement-breakpoint
CREATE INDEX "floor_plan_opening_periods_plan_index" ON "floor_plan_opening_periods" ("tenant_id", "floor_plan_id", "valid_to");
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "floor_plan_opening_periods_change_version" AFTER INSERT OR UPDATE OR DELETE ON "floor_plan_opening_periods"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buchbar_bump_change_version('reading_rooms');
--> statement-breakpoint
-- The tenant's Bundesland decides which days are holidays, so changing it changes every plan's days: it counts as a
-- reading-room change too, and the cached plan days (checked against 'reading_rooms') are built again.
CREATE CONSTRAINT TRIGGER "setting_values_bundesland_insert" AFTER INSERT ON "setting_values"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.option_name = 'feiertageBundesland')
  EXECUTE FUNCTION buchbar_bump_change_version('reading_rooms');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "setting_values_bundesland_update" AFTER UPDATE ON "setting_values"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.option_name = 'feiertageBundesland' OR OLD.option_name = 'feiertageBundesland')
  EXECUTE FUNCTION buchbar_bump_change_version('reading_rooms');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "setting_values_bundesland_delete" AFTER DELETE ON "setting_values"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.option_name = 'feiertageBundesland')
  EXECUTE FUNCTION buchbar_bump_change_version('reading_rooms');
