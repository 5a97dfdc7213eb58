-- Second factor (better-auth twoFactor plugin): a flag on the identity and one
-- row per identity with the encrypted TOTP secret and recovery codes. Global
-- like the other auth_* tables: an identity may belong to several tenants, and
-- its second factor protects all of them alike.
ALTER TABLE auth_user ADD COLUMN IF NOT EXISTS two_factor_enabled boolean NOT NULL DEFAULT false;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS auth_two_factor (
  id text PRIMARY KEY,
  secret text NOT NULL,
  backup_codes text NOT NULL,
  user_id text NOT NULL REFERENCES auth_user(id) ON DELETE CASCADE,
  verified boolean NOT NULL DEFAULT true,
  failed_verification_count integer NOT NULL DEFAULT 0,
  locked_until timestamptz
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS auth_two_factor_user_idx ON auth_two_factor (user_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS auth_two_factor_secret_idx ON auth_two_factor (secret);
--> statement-breakpoint
-- A TOTP code counts once: a marker per identity and code while the code is
-- valid; the unique index makes two racing uses of one code end with one winner.
CREATE UNIQUE INDEX IF NOT EXISTS auth_verification_totp_used_idx
  ON auth_verification (identifier) WHERE identifier LIKE 'totp-used:%';
