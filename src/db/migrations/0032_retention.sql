-- Retention and erasure (decision 150): a marker per anonymised booking and guest, partial indexes so the
-- daily run reads only what has not been anonymised yet, and two narrow openings in the append-only
-- triggers of licence checks: a person's checks may go when that person is erased, a guest's checks when
-- the retention run removes guest data (both named by a transaction-local setting).
ALTER TABLE "vehicle_bookings" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reading_room_bookings" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vehicle_booking_guests" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rental_requests" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "vehicle_bookings_retention_idx" ON "vehicle_bookings" USING btree ("tenant_id","bis") WHERE "anonymised_at" IS NULL;--> statement-breakpoint
CREATE INDEX "reading_room_bookings_retention_idx" ON "reading_room_bookings" USING btree ("tenant_id","bis") WHERE "anonymised_at" IS NULL;--> statement-breakpoint
CREATE INDEX "vehicle_booking_guests_retention_idx" ON "vehicle_booking_guests" USING btree ("tenant_id","booking_id") WHERE "anonymised_at" IS NULL;--> statement-breakpoint
CREATE INDEX "rental_requests_retention_idx" ON "rental_requests" USING btree ("tenant_id","bis") WHERE "anonymised_at" IS NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION licence_checks_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- Only the optional scan may be attached or removed; the check itself stays as recorded.
    IF (NEW.tenant_id, NEW.id, NEW.user_id, NEW.checked_on, NEW.examiner_id, NEW.method, NEW.classes, NEW.licence_number,
        NEW.issue_date, NEW.ban_from, NEW.ban_to, NEW.extra_info, NEW.remark, NEW.created_at)
       IS DISTINCT FROM
       (OLD.tenant_id, OLD.id, OLD.user_id, OLD.checked_on, OLD.examiner_id, OLD.method, OLD.classes, OLD.licence_number,
        OLD.issue_date, OLD.ban_from, OLD.ban_to, OLD.extra_info, OLD.remark, OLD.created_at) THEN
      RAISE EXCEPTION 'Führerscheinprüfungen können nicht geändert werden.' USING ERRCODE = 'P0001';
    END IF;
    RETURN NEW;
  END IF;
  -- A delete is the cascade of the person (or tenant) being removed, or the erasure of exactly this person
  -- (decision 150); never a check on its own.
  IF EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = OLD.tenant_id AND u.id = OLD.user_id)
     AND coalesce(current_setting('buchbar.erase_person', true), '') <> OLD.user_id::text THEN
    RAISE EXCEPTION 'Führerscheinprüfungen können nicht gelöscht werden.' USING ERRCODE = 'P0001';
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION guest_licence_checks_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'Führerscheinprüfungen können nicht geändert werden.' USING ERRCODE = 'P0001';
  END IF;
  -- A delete is the cascade of the booking (or tenant) being removed, or the retention run removing the guest
  -- data of a booking that ended before its cut-off (decision 150); never a check on its own.
  IF EXISTS (SELECT 1 FROM vehicle_bookings b WHERE b.tenant_id = OLD.tenant_id AND b.id = OLD.booking_id
              AND (current_setting('buchbar.erase_guests_before', true) IS NULL
                   OR current_setting('buchbar.erase_guests_before', true) = ''
                   OR b.bis >= current_setting('buchbar.erase_guests_before', true)::timestamptz)) THEN
    RAISE EXCEPTION 'Führerscheinprüfungen können nicht gelöscht werden.' USING ERRCODE = 'P0001';
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Whether an identity still belongs to any tenant. SECURITY DEFINER: an erasure runs in one tenant's
-- transaction under row-level security and must not remove an identity another tenant still uses; the
-- answer is one boolean and names nothing.
CREATE OR REPLACE FUNCTION buchbar_identity_in_use(identity text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT EXISTS (SELECT 1 FROM users WHERE auth_user_id = identity)
$$;
