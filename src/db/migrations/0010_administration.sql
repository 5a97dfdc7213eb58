-- administration of people, roles, groups; append-only audit trail.
CREATE TABLE "audit_log" (
	"tenant_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_name" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "audit_log_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "audit_log_action_check" CHECK ("action" IN ('anlegen', 'ändern', 'löschen')),
	CONSTRAINT "audit_log_changes_array" CHECK (jsonb_typeof("changes") = 'array')
);
--> statement-breakpoint
CREATE INDEX "audit_log_tenant_id_at_index" ON "audit_log" USING btree ("tenant_id","at");
--> statement-breakpoint
-- The trail is append-only for everyone, the table owner included: corrections are new entries.
CREATE OR REPLACE FUNCTION buchbar_audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Das Änderungsprotokoll kann nicht geändert oder gelöscht werden.' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION buchbar_audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION buchbar_audit_log_append_only();
--> statement-breakpoint
-- The people list sorts by name within a tenant (10,000 people per tenant, server-side paging).
CREATE INDEX "users_tenant_name_index" ON "users" USING btree ("tenant_id", lower("last_name"), lower("first_name"), "id");
--> statement-breakpoint
-- Member counts and "who holds this role" look links up by group and by role, not only by person.
CREATE INDEX "user_groups_tenant_group_index" ON "user_groups" USING btree ("tenant_id", "group_id");
--> statement-breakpoint
CREATE INDEX "user_roles_tenant_role_index" ON "user_roles" USING btree ("tenant_id", "role_id");
--> statement-breakpoint
CREATE INDEX "group_roles_tenant_role_index" ON "group_roles" USING btree ("tenant_id", "role_id");
