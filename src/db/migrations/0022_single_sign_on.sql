-- Single sign-on per tenant over OpenID Connect (decision 100). One provider per
-- tenant; the client secret is stored encrypted with the app secret and never
-- leaves the server.
CREATE TABLE tenant_single_sign_on (
  tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
  provider_name text NOT NULL,
  issuer_url text NOT NULL,
  client_id text NOT NULL,
  client_secret_encrypted text NOT NULL,
  email_claim text NOT NULL DEFAULT 'email',
  -- A group deleted later just means new people start without one.
  default_group_id uuid,
  password_allowed boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Single sign-on users are flagged in their (tenant) user record (docs/product.md#sign-in-and-session).
ALTER TABLE users ADD COLUMN single_sign_on boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- A session opened by a tenant's single sign-on counts on that tenant only.
ALTER TABLE auth_session ADD COLUMN sso_tenant_id uuid;
