-- Licence list search (decision 156): the people search's trigram indexes (migration 0027) answer names,
-- e-mail and personnel number; these answer the licence number of employees and the guests' columns.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "current_licences_number_trgm_index" ON "current_licences" USING gin (lower("licence_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guest_licence_checks_search_trgm_index" ON "guest_licence_checks" USING gin (
  lower("guest_name") gin_trgm_ops,
  lower("guest_email") gin_trgm_ops,
  lower("licence_number") gin_trgm_ops
);
