-- SAML single logout (decision 232, amended): the IdP's logout address, and for each Buchbar session a SAML sign-in
-- opened, the NameID and SessionIndex the IdP named in its assertion. Signing out of Buchbar sends the IdP a
-- LogoutRequest for exactly these; a LogoutRequest of the IdP ends the sessions it names. The row goes with its session.
ALTER TABLE "tenant_saml_sign_on" ADD COLUMN "idp_slo_url" text;
--> statement-breakpoint
CREATE TABLE "saml_sessions" (
	"session_id" text PRIMARY KEY REFERENCES "auth_session"("id") ON DELETE CASCADE,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"name_id" text NOT NULL,
	"name_id_format" text,
	"session_index" text,
	"created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "saml_sessions_name_id_idx" ON "saml_sessions" ("tenant_id", "name_id");
