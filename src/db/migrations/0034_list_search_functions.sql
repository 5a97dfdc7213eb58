-- List search under row-level security (decision 165). LIKE (`~~`) is not a leakproof operator, so under the
-- app role PostgreSQL may not evaluate it before the tenant policy and never answers it from the trigram
-- indexes of migrations 0027 and 0033: every search read all people of the tenant. These functions run with
-- the owner's rights (no policy in between, so the trigram indexes answer the LIKE) and take the tenant from
-- the same session setting the policies read, never from an argument: a caller learns no more than the ids
-- its own policies show it, and nothing without a tenant set. The lists then select their rows by these ids
-- (`=` on uuid is leakproof, an index condition under the policies too). EXECUTE plans each search with its
-- pattern, so a term found in every row is read sequentially and a selective one through the index.
CREATE OR REPLACE FUNCTION buchbar_people_matching(needle text) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  RETURN QUERY EXECUTE $q$
    SELECT u.id FROM public.users u
     WHERE u.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
       AND (lower(u.first_name || ' ' || u.last_name) LIKE $1
         OR lower(u.last_name || ', ' || u.first_name) LIKE $1
         OR lower(u.email) LIKE $1
         OR lower(coalesce(u.employee_id, '')) LIKE $1)$q$ USING needle;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION buchbar_licence_holders_matching(needle text) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  RETURN QUERY EXECUTE $q$
    SELECT c.user_id FROM public.current_licences c
     WHERE c.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
       AND lower(c.licence_number) LIKE $1$q$ USING needle;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION buchbar_guest_checks_matching(needle text) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  RETURN QUERY EXECUTE $q$
    SELECT c.id FROM public.guest_licence_checks c
     WHERE c.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
       AND (lower(c.guest_name) LIKE $1 OR lower(c.guest_email) LIKE $1 OR lower(c.licence_number) LIKE $1)$q$ USING needle;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION buchbar_people_matching(text), buchbar_licence_holders_matching(text), buchbar_guest_checks_matching(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION buchbar_people_matching(text), buchbar_licence_holders_matching(text), buchbar_guest_checks_matching(text) TO buchbar_app;
--> statement-breakpoint
-- Without a pending list: GIN's fast update collects new entries in a list that every search reads whole
-- until a vacuum merges it (PGlite runs no autovacuum at all); after 10,000 new people that list made a
-- search read 1,947 pages instead of 149. People and licences are written seldom and searched often.
ALTER INDEX "users_search_trgm_index" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "current_licences_number_trgm_index" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "guest_licence_checks_search_trgm_index" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('users_search_trgm_index'), gin_clean_pending_list('current_licences_number_trgm_index'),
       gin_clean_pending_list('guest_licence_checks_search_trgm_index');
