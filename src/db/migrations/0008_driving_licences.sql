-- driving licences and their checks. Tables from drizzle-kit's output for src/db/schema/driving-licences.ts,
-- plus the append-only trigger (drizzle cannot express it).
CREATE TABLE "licence_checks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"checked_on" date NOT NULL,
	"examiner_id" uuid NOT NULL,
	"method" text NOT NULL,
	"classes" text[] NOT NULL,
	"licence_number" text NOT NULL,
	"issue_date" date NOT NULL,
	"ban_from" date,
	"ban_to" date,
	"extra_info" text,
	"remark" text,
	"scan_path" text,
	"scan_content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_checks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "licence_checks_method" CHECK ("licence_checks"."method" in ('persoenlich', 'video', 'dokument')),
	CONSTRAINT "licence_checks_classes" CHECK ("licence_checks"."classes" <@ array['AM','A1','A2','A','B1','B','C1','C','D1','D','BE','C1E','CE','D1E','DE','L','T']::text[]),
	CONSTRAINT "licence_checks_ban" CHECK (("licence_checks"."ban_from" is null) = ("licence_checks"."ban_to" is null) and ("licence_checks"."ban_to" is null or "licence_checks"."ban_to" >= "licence_checks"."ban_from")),
	CONSTRAINT "licence_checks_issue_before_check" CHECK ("licence_checks"."issue_date" <= "licence_checks"."checked_on"),
	CONSTRAINT "licence_checks_number_length" CHECK (char_length("licence_checks"."licence_number") between 1 and 50),
	CONSTRAINT "licence_checks_remark_length" CHECK (char_length("licence_checks"."remark") <= 1000 and char_length("licence_checks"."extra_info") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "licence_reminders" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_reminders_tenant_id_user_id_kind_due_date_pk" PRIMARY KEY("tenant_id","user_id","kind","due_date")
);
--> statement-breakpoint
ALTER TABLE "licence_checks" ADD CONSTRAINT "licence_checks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_checks" ADD CONSTRAINT "licence_checks_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_checks" ADD CONSTRAINT "licence_checks_tenant_id_examiner_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","examiner_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_reminders" ADD CONSTRAINT "licence_reminders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_reminders" ADD CONSTRAINT "licence_reminders_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_checks_latest_idx" ON "licence_checks" USING btree ("tenant_id","user_id","checked_on" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
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
  -- A delete is only the cascade of the person (or tenant) being removed, never a check on its own.
  IF EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = OLD.tenant_id AND u.id = OLD.user_id) THEN
    RAISE EXCEPTION 'Führerscheinprüfungen können nicht gelöscht werden.' USING ERRCODE = 'P0001';
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER licence_checks_append_only BEFORE UPDATE OR DELETE ON "licence_checks"
  FOR EACH ROW EXECUTE FUNCTION licence_checks_append_only();
