-- Live occupancy for the tenant's website (decision 230). A floor plan shows its occupancy page and JSON only while
-- it has a row here (switched on by the room admin); the tenant admin lists the websites that may frame the page and
-- read the JSON, and the page's colour. Both are counted under the subject 'occupancy', so the cached pages are
-- checked against it like the map is against 'reading_rooms'.
CREATE TABLE "occupancy_floor_plans" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"floor_plan_id" uuid NOT NULL,
	"enabled_at" timestamptz NOT NULL DEFAULT now(),
	CONSTRAINT "occupancy_floor_plans_pk" PRIMARY KEY ("tenant_id", "floor_plan_id"),
	CONSTRAINT "occupancy_floor_plans_plan_fk" FOREIGN KEY ("tenant_id", "floor_plan_id")
		REFERENCES "floor_plans"("tenant_id", "id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE TABLE "occupancy_embedding" (
	"tenant_id" uuid PRIMARY KEY REFERENCES "tenants"("id") ON DELETE CASCADE,
	-- origins as browsers send them (https://www.beispiel.de), normalised by domain/occupancy.ts
	"origins" text[] NOT NULL DEFAULT '{}',
	"colour" text NOT NULL DEFAULT '#1c7ed6' CHECK ("colour" ~ '^#[0-9a-f]{6}$'),
	"updated_at" timestamptz NOT NULL DEFAULT now(),
	CONSTRAINT "occupancy_embedding_origins_count" CHECK (cardinality("origins") <= 20)
);
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "occupancy_floor_plans_change_version" AFTER INSERT OR UPDATE OR DELETE ON "occupancy_floor_plans"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buchbar_bump_change_version('occupancy');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "occupancy_embedding_change_version" AFTER INSERT OR UPDATE OR DELETE ON "occupancy_embedding"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buchbar_bump_change_version('occupancy');
