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
--> statement-breakpoint
-- The counter function of migration 0004, as it was, plus one NOTIFY per counted transaction, tenant and subject on
-- the channel buchbar_versions ("<tenant id> <subject>", delivered at commit). A node on the embedded database is the
-- only process that can change it and hears its own commit before the commit returns, so there the public occupancy
-- knows its stamp without reading it (decision 230); everyone else ignores the channel.
CREATE OR REPLACE FUNCTION buchbar_bump_change_version() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  t uuid;
  flag text;
BEGIN
  IF TG_NARGS > 1 THEN
    t := TG_ARGV[1]::uuid;
  ELSIF TG_OP = 'DELETE' THEN
    t := OLD.tenant_id;
  ELSE
    t := NEW.tenant_id;
  END IF;
  flag := 'buchbar.v_' || TG_ARGV[0] || '_' || replace(t::text, '-', '');
  IF coalesce(current_setting(flag, true), '') <> '1' THEN
    PERFORM set_config(flag, '1', true);
    INSERT INTO change_versions (tenant_id, subject) VALUES (t, TG_ARGV[0])
      ON CONFLICT (tenant_id, subject) DO UPDATE SET version = change_versions.version + 1;
    PERFORM pg_notify('buchbar_versions', t::text || ' ' || TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
