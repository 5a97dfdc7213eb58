-- Sign-in against and sync from a tenant's LDAP / Active Directory (decision 223). One directory per
-- tenant; the bind password is stored encrypted with the app secret, like the single sign-on client secret.
CREATE TABLE tenant_directory (
  tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
  kind text NOT NULL DEFAULT 'openldap' CHECK (kind IN ('openldap', 'active_directory')),
  url text NOT NULL,
  start_tls boolean NOT NULL DEFAULT false,
  ca_certificate text,
  bind_dn text NOT NULL,
  bind_password_encrypted text NOT NULL,
  user_base_dn text NOT NULL,
  user_filter text NOT NULL,
  attributes jsonb NOT NULL,
  group_base_dn text NOT NULL,
  -- [{ "groupDn": "...", "groupId": "<uuid>" }]: a directory group and the Buchbar group its members get.
  group_mapping jsonb NOT NULL DEFAULT '[]'::jsonb,
  disabled_filter text,
  sync_interval_minutes integer NOT NULL DEFAULT 60 CHECK (sync_interval_minutes BETWEEN 15 AND 10080),
  last_sync_at timestamptz,
  last_sync_summary jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- The entry a member came from: set by the sync, used for the bind at sign-in; null for everyone else.
ALTER TABLE users ADD COLUMN directory_dn text;
