-- SCIM 2.0 provisioning (decision 229): the tenant's provisioning tokens, kept as their SHA-256 like the API tokens
-- (decision 213), and the userName, externalId and deletion a tenant's identity provider gave a person or group.
CREATE TABLE "scim_tokens" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"hint" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "scim_tokens_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "scim_tokens_hash" UNIQUE("token_hash"),
	CONSTRAINT "scim_tokens_name" CHECK (length("name") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "scim_users" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL,
	"user_name" text NOT NULL,
	"external_id" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scim_users_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id"),
	CONSTRAINT "scim_users_person" FOREIGN KEY ("tenant_id","user_id") REFERENCES "users"("tenant_id","id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE UNIQUE INDEX "scim_users_user_name" ON "scim_users" USING btree ("tenant_id", lower("user_name"));
--> statement-breakpoint
CREATE INDEX "scim_users_external_id" ON "scim_users" USING btree ("tenant_id","external_id");
--> statement-breakpoint
CREATE TABLE "scim_groups" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"group_id" uuid NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scim_groups_tenant_id_group_id_pk" PRIMARY KEY("tenant_id","group_id"),
	CONSTRAINT "scim_groups_group" FOREIGN KEY ("tenant_id","group_id") REFERENCES "groups"("tenant_id","id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "scim_groups_external_id" ON "scim_groups" USING btree ("tenant_id","external_id");
--> statement-breakpoint
-- A filter `userName eq "…"` of a person never provisioned compares their address: one index probe, not a scan.
CREATE INDEX IF NOT EXISTS "users_tenant_email_lower" ON "users" USING btree ("tenant_id", lower("email"));
--> statement-breakpoint
-- An erased person (decision 150) keeps no name the identity provider gave them.
CREATE OR REPLACE FUNCTION scim_forget_erased() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM scim_users WHERE tenant_id = NEW.tenant_id AND user_id = NEW.id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER scim_forget_erased AFTER UPDATE OF status ON users FOR EACH ROW
  WHEN (NEW.status = 'geloescht' AND OLD.status IS DISTINCT FROM 'geloescht') EXECUTE FUNCTION scim_forget_erased();
--> statement-breakpoint
-- A new person's identity is looked up by address (people's findIdentityByEmail): one index probe, not a scan of every identity.
CREATE INDEX IF NOT EXISTS "auth_user_email_lower" ON "auth_user" USING btree (lower("email"));
