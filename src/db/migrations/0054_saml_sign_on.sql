-- Single sign-on per tenant over SAML 2.0 (decision 232), the other choice beside OpenID Connect (0022). One IdP per
-- tenant: its entity id, sign-in address and signing certificates (public, nothing here is secret), the attribute
-- names that carry e-mail and names, and whether unknown people are created at their first sign-in.
CREATE TABLE "tenant_saml_sign_on" (
	"tenant_id" uuid PRIMARY KEY REFERENCES "tenants"("id") ON DELETE CASCADE,
	"provider_name" text NOT NULL,
	"idp_entity_id" text NOT NULL,
	"idp_sso_url" text NOT NULL,
	"idp_certificates" text[] NOT NULL CHECK (cardinality("idp_certificates") BETWEEN 1 AND 5),
	"email_attribute" text NOT NULL,
	"first_name_attribute" text NOT NULL,
	"last_name_attribute" text NOT NULL,
	-- A group deleted later just means new people start without one.
	"default_group_id" uuid,
	"password_allowed" boolean NOT NULL DEFAULT false,
	"create_unknown" boolean NOT NULL DEFAULT true,
	"updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Each assertion is accepted once: the ACS stores the SHA-256 of its ID and refuses it while the row lives; the
-- primary key makes two parallel posts of one assertion end in one sign-in.
CREATE TABLE "saml_assertion_uses" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"assertion_hash" text NOT NULL,
	"expires_at" timestamptz NOT NULL,
	CONSTRAINT "saml_assertion_uses_pk" PRIMARY KEY ("tenant_id", "assertion_hash")
);
