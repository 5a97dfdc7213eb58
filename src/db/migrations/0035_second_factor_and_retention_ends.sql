-- Decision 169. A session opened by a passkey with user verification is marked: it counts as the second factor
-- for admin rights. The append-only logbook and audit trail get one narrow opening each for the retention run:
-- a delete is let through only while the transaction names a cut-off (transaction-local setting), only for rows
-- before it, and only when that cut-off is not later than the legal period allows at the database's own clock
-- (logbook: ten years after the end of the trip's year, § 147 AO; audit trail: three years after the end of
-- the entry's year, §§ 195, 199 BGB). Everything else is refused as before.
ALTER TABLE "auth_session" ADD COLUMN "passkey_verified" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Whether the retention run may delete a row dated `row_at`: the transaction names a cut-off in `setting`, the row
-- lies before it, and the cut-off is not later than 1 January `keep_years` years back (Berlin) by the database's clock.
CREATE OR REPLACE FUNCTION buchbar_purge_allowed(setting text, keep_years integer, row_at timestamptz) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
DECLARE
  purge_before text := coalesce(current_setting(setting, true), '');
BEGIN
  IF purge_before = '' THEN
    RETURN false;
  END IF;
  RETURN purge_before::timestamptz <= ((date_trunc('year', now() AT TIME ZONE 'Europe/Berlin') - make_interval(years => keep_years)) AT TIME ZONE 'Europe/Berlin')
    AND row_at < purge_before::timestamptz;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION buchbar_logbook_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF buchbar_purge_allowed('buchbar.purge_logbook_before', 10, OLD.ended_at) THEN
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
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF buchbar_purge_allowed('buchbar.purge_audit_before', 3, OLD.at) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'Das Änderungsprotokoll kann nicht geändert oder gelöscht werden.' USING ERRCODE = 'insufficient_privilege';
END;
$$;
