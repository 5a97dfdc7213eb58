-- Passkeys (WebAuthn) of an identity, written by better-auth's passkey plugin
-- (decision 145). Global like every auth_* table: a passkey belongs to the
-- identity; its relying party is the domain it was registered on, and sign-in
-- checks the membership in that domain's tenant.
CREATE TABLE IF NOT EXISTS auth_passkey (
  id text PRIMARY KEY,
  name text,
  public_key text NOT NULL,
  user_id text NOT NULL REFERENCES auth_user(id) ON DELETE CASCADE,
  credential_id text NOT NULL,
  counter integer NOT NULL,
  device_type text NOT NULL,
  backed_up boolean NOT NULL,
  transports text,
  created_at timestamptz DEFAULT now(),
  aaguid text,
  CONSTRAINT auth_passkey_name_length CHECK (char_length(name) <= 60)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS auth_passkey_user_idx ON auth_passkey (user_id);
--> statement-breakpoint
-- A credential id names one key; sign-in looks it up by this id.
CREATE UNIQUE INDEX IF NOT EXISTS auth_passkey_credential_idx ON auth_passkey (credential_id);
