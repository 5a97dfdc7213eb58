-- People search (decisions 125, 165, 173): the four lower-cased texts a search matches (name in both
-- orders, e-mail, personnel number) kept as one stored text per person, joined by a unit separator that
-- no search term contains, so a term still matches inside one of them only. A search then tests one
-- stored text per person instead of building and lower-casing four, which is most of the cost of a term
-- that matches nearly everyone (a company's mail domain). The app never reads or writes the column.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "search_text" text GENERATED ALWAYS AS (
  lower("first_name" || ' ' || "last_name") || E'\x1f' ||
  lower("last_name" || ', ' || "first_name") || E'\x1f' ||
  lower("email") || E'\x1f' ||
  lower(coalesce("employee_id", ''))
) STORED;
--> statement-breakpoint
-- Without a pending list, as decision 165 found for the other search indexes.
CREATE INDEX IF NOT EXISTS "users_search_text_trgm_index" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
DROP INDEX IF EXISTS "users_search_trgm_index";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION buchbar_people_matching(needle text) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  RETURN QUERY EXECUTE $q$
    SELECT u.id FROM public.users u
     WHERE u.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
       AND u.search_text LIKE $1$q$ USING needle;
END $$;
