-- Change versions per tenant and subject (services/cache/stamped-cache.ts, decision 008). A deferred constraint
-- trigger raises the counter when the changing transaction commits: once per transaction, tenant and subject
-- (transaction-local flag), and last, after every other lock of the transaction is taken, so the short lock on
-- the counter row cannot take part in a deadlock while a transaction changes one tenant only (withTenant).
-- Equal version => unchanged rows.
-- Subjects: vehicle_bookings; reading_rooms (floor plans, objects, equipment, opening hours); reading_room_bookings; people (members, departments, groups, roles and all grants); settings (setting
-- values); auth (sign-in identities and sessions, global: counted under the nil tenant).
CREATE TABLE "change_versions" (
	"tenant_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "change_versions_tenant_id_subject_pk" PRIMARY KEY("tenant_id","subject")
);
--> statement-breakpoint
-- SECURITY DEFINER: the counter row of a global subject belongs to no tenant, and a tenant-scoped transaction
-- (role buchbar_app under row-level security) may still change a global table.
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
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  s record;
BEGIN
  FOR s IN
    SELECT * FROM (VALUES
      ('vehicle_bookings', 'vehicle_bookings'),
      ('users', 'people'), ('departments', 'people'), ('groups', 'people'), ('roles', 'people'),
      ('role_permissions', 'people'), ('user_permissions', 'people'), ('user_roles', 'people'),
      ('user_groups', 'people'), ('group_roles', 'people'),
      ('setting_values', 'settings'),
      ('floor_plans', 'reading_rooms'), ('equipment', 'reading_rooms'), ('reading_rooms', 'reading_rooms'),
      ('reading_room_equipment', 'reading_rooms'), ('floor_plan_opening_hours', 'reading_rooms'),
      ('floor_plan_deviating_hours', 'reading_rooms'), ('reading_room_bookings', 'reading_room_bookings')
    ) AS x(tbl, subject)
  LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buchbar_bump_change_version(%L)',
      s.tbl || '_change_version', s.tbl, s.subject);
  END LOOP;
  -- A new session or identity cannot be cached yet; only changes and removals must end cached sign-ins.
  FOR s IN SELECT * FROM (VALUES ('auth_session'), ('auth_user')) AS x(tbl)
  LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buchbar_bump_change_version(%L, %L)',
      s.tbl || '_change_version', s.tbl, 'auth', '00000000-0000-0000-0000-000000000000');
  END LOOP;
END
$$;
