-- Decision 169. A session opened by a passkey with user verification is marked: it counts as the second factor
-- for admin rights. The append-only logbook and audit trail get one narrow opening each for the retention run:
-- a delete is let through only while the transaction names a cut-off (transaction-local setting), only for rows
-- before it, and only when that cut-off is not later than the legal period allows at the database's own clock
-- (logbook: ten years after the end of the trip's year, § 147 AO; audit trail: three years after the end of
-- the entry's year, §§ 195, 199 BGB). Everything else is refused as before.
ALTER TABLE "auth_session" ADD COLUMN "passkey_verified" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION buchbar_logbook_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  purge_before text := coalesce(current_setting('buchbar.purge_logbook_before', true), '');
BEGIN
  IF TG_OP = 'DELETE' AND purge_before <> '' THEN
    IF purge_before::timestamptz <= ((date_trunc('year', now() AT TIME ZONE 'Europe/Berlin') - interval '10 years') AT TIME ZONE 'Europe/Berlin')
       AND OLD.ended_at < purge_before::timestamptz THEN
      RETURN OLD;
    END IF;
  END IF;
  IF current_user = 'buchbar_app' THEN
    RAISE EXCEPTION 'Fahrtenbucheinträge können nicht geändert oder gelöscht werden.' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'TRUNCATE' THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION buchbar_audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  purge_before text := coalesce(current_setting('buchbar.purge_audit_before', true), '');
BEGIN
  IF TG_OP = 'DELETE' AND purge_before <> '' THEN
    IF purge_before::timestamptz <= ((date_trunc('year', now() AT TIME ZONE 'Europe/Berlin') - interval '3 years') AT TIME ZONE 'Europe/Berlin')
       AND OLD.at < purge_before::timestamptz THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'Das Änderungsprotokoll kann nicht geändert oder gelöscht werden.' USING ERRCODE = 'insufficient_privilege';
END;
$$;
