-- Host names, tenants and their switched-on features get a global change version `tenants` (counted under the nil
-- tenant, like `auth` in 0004). Every node checks its host cache against it on each request, so a removed domain
-- stops resolving at once on every node, not after a cache lifetime (decision 120).
DO $$
DECLARE
  s record;
BEGIN
  FOR s IN SELECT * FROM (VALUES ('tenant_domains'), ('tenants'), ('tenant_features')) AS x(tbl)
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', s.tbl || '_change_version', s.tbl);
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buchbar_bump_change_version(%L, %L)',
      s.tbl || '_change_version', s.tbl, 'tenants', '00000000-0000-0000-0000-000000000000');
  END LOOP;
END
$$;
