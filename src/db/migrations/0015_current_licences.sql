-- Driving licences at 10,000 people: the current licence of each person as one row, kept by a trigger in the
-- same transaction as each check (decision 076). The examiner's list, the due count and the booking gate read
-- this row instead of finding the latest of all checks per person. Checks stay the append-only proof; this
-- table is derived from them and rebuilt below from what exists.
CREATE TABLE "current_licences" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"check_id" uuid NOT NULL,
	"checked_on" date NOT NULL,
	"check_created_at" timestamp with time zone NOT NULL,
	"examiner_id" uuid NOT NULL,
	"method" text NOT NULL,
	"classes" text[] NOT NULL,
	"licence_number" text NOT NULL,
	"issue_date" date NOT NULL,
	"ban_from" date,
	"ban_to" date,
	"extra_info" text,
	CONSTRAINT "current_licences_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "current_licences" ADD CONSTRAINT "current_licences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "current_licences" ADD CONSTRAINT "current_licences_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The next check is last check + the tenant's interval (one value per tenant), so this index orders and ranges
-- by the next check date too: "due by day X" is "checked on or before X - interval".
CREATE INDEX "current_licences_checked_on_idx" ON "current_licences" USING btree ("tenant_id","checked_on");--> statement-breakpoint
CREATE OR REPLACE FUNCTION licence_checks_current() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO current_licences AS cl (tenant_id, user_id, check_id, checked_on, check_created_at, examiner_id, method, classes,
                                      licence_number, issue_date, ban_from, ban_to, extra_info)
  VALUES (NEW.tenant_id, NEW.user_id, NEW.id, NEW.checked_on, NEW.created_at, NEW.examiner_id, NEW.method, NEW.classes,
          NEW.licence_number, NEW.issue_date, NEW.ban_from, NEW.ban_to, NEW.extra_info)
  ON CONFLICT (tenant_id, user_id) DO UPDATE SET
    check_id = excluded.check_id, checked_on = excluded.checked_on, check_created_at = excluded.check_created_at,
    examiner_id = excluded.examiner_id, method = excluded.method, classes = excluded.classes,
    licence_number = excluded.licence_number, issue_date = excluded.issue_date, ban_from = excluded.ban_from,
    ban_to = excluded.ban_to, extra_info = excluded.extra_info
  -- a check recorded later for an earlier day does not replace the newer one (same order as the history)
  WHERE (excluded.checked_on, excluded.check_created_at) >= (cl.checked_on, cl.check_created_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER licence_checks_current AFTER INSERT ON "licence_checks"
  FOR EACH ROW EXECUTE FUNCTION licence_checks_current();
--> statement-breakpoint
INSERT INTO current_licences (tenant_id, user_id, check_id, checked_on, check_created_at, examiner_id, method, classes,
                              licence_number, issue_date, ban_from, ban_to, extra_info)
SELECT DISTINCT ON (c.tenant_id, c.user_id) c.tenant_id, c.user_id, c.id, c.checked_on, c.created_at, c.examiner_id, c.method,
       c.classes, c.licence_number, c.issue_date, c.ban_from, c.ban_to, c.extra_info
  FROM licence_checks c
 ORDER BY c.tenant_id, c.user_id, c.checked_on DESC, c.created_at DESC;
--> statement-breakpoint
-- The due count is cached per tenant and day against this version (subject 'licences').
CREATE CONSTRAINT TRIGGER "current_licences_change_version" AFTER INSERT OR UPDATE OR DELETE ON "current_licences"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION buchbar_bump_change_version('licences');
--> statement-breakpoint
-- "My bookings" (driver or booker, not ended yet) at years of history (decision 079, bench/scale): the indexes on
-- (person, von) made PostgreSQL read every past booking of the person to find the few whose end lies ahead.
CREATE INDEX "vehicle_bookings_driver_until_idx" ON "vehicle_bookings" USING btree ("tenant_id","driver_id","bis");--> statement-breakpoint
CREATE INDEX "vehicle_bookings_booker_until_idx" ON "vehicle_bookings" USING btree ("tenant_id","booked_by_id","bis");
