-- Exclusion constraints on bookings (later migrations) need btree_gist.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- The role tenant-scoped transactions switch to (SET LOCAL ROLE): it is not a
-- superuser and does not bypass row-level security, so the policies below bind it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'buchbar_app') THEN
    CREATE ROLE buchbar_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
-- One place for the tenant wall: every public table with a tenant_id column
-- gets row-level security with the tenant_isolation policy, and the app role
-- its grants. Called after every migration run, so tables added by later
-- migrations are covered without repeating this per table.
CREATE OR REPLACE FUNCTION buchbar_secure_tables() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  EXECUTE 'GRANT USAGE ON SCHEMA public TO buchbar_app';
  EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO buchbar_app';
  EXECUTE 'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO buchbar_app';
  EXECUTE 'GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO buchbar_app';
  FOR t IN
    SELECT c.table_name
    FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE c.table_schema = 'public'
      AND c.column_name = 'tenant_id'
      AND tb.table_type = 'BASE TABLE'
      -- read before a tenant is known / written by the system for every tenant
      AND c.table_name NOT IN ('tenant_domains', 'mail_outbox')
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
    IF NOT EXISTS (
      SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.table_name AND policyname = 'tenant_isolation'
    ) THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid) WITH CHECK (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid)',
        t.table_name
      );
    END IF;
  END LOOP;
END
$$;
