-- Guests' licences, recorded by the reception per guest booking (decision 140). Append-only like licence_checks.
CREATE TABLE "guest_licence_checks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"guest_name" text NOT NULL,
	"guest_email" text NOT NULL,
	"checked_on" date NOT NULL,
	"examiner_id" uuid NOT NULL,
	"method" text NOT NULL,
	"classes" text[] NOT NULL,
	"licence_number" text NOT NULL,
	"issue_date" date NOT NULL,
	"ban_from" date,
	"ban_to" date,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_licence_checks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "guest_licence_checks_method" CHECK ("guest_licence_checks"."method" in ('persoenlich', 'video', 'dokument')),
	CONSTRAINT "guest_licence_checks_classes" CHECK ("guest_licence_checks"."classes" <@ array['AM','A1','A2','A','B1','B','C1','C','D1','D','BE','C1E','CE','D1E','DE','L','T']::text[]),
	CONSTRAINT "guest_licence_checks_ban" CHECK (("guest_licence_checks"."ban_from" is null) = ("guest_licence_checks"."ban_to" is null) and ("guest_licence_checks"."ban_to" is null or "guest_licence_checks"."ban_to" >= "guest_licence_checks"."ban_from")),
	CONSTRAINT "guest_licence_checks_issue_before_check" CHECK ("guest_licence_checks"."issue_date" <= "guest_licence_checks"."checked_on"),
	CONSTRAINT "guest_licence_checks_number_length" CHECK (char_length("guest_licence_checks"."licence_number") between 1 and 50),
	CONSTRAINT "guest_licence_checks_remark_length" CHECK (char_length("guest_licence_checks"."remark") <= 1000)
);--> statement-breakpoint
ALTER TABLE "guest_licence_checks" ADD CONSTRAINT "guest_licence_checks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_licence_checks" ADD CONSTRAINT "guest_licence_checks_tenant_id_booking_id_vehicle_bookings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","booking_id") REFERENCES "public"."vehicle_bookings"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_licence_checks" ADD CONSTRAINT "guest_licence_checks_tenant_id_examiner_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","examiner_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_licence_checks_booking_idx" ON "guest_licence_checks" USING btree ("tenant_id","booking_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "guest_licence_checks_guest_idx" ON "guest_licence_checks" USING btree ("tenant_id","guest_email","checked_on" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE OR REPLACE FUNCTION guest_licence_checks_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'Führerscheinprüfungen können nicht geändert werden.' USING ERRCODE = 'P0001';
  END IF;
  -- A delete is only the cascade of the booking (or tenant) being removed, never a check on its own.
  IF EXISTS (SELECT 1 FROM vehicle_bookings b WHERE b.tenant_id = OLD.tenant_id AND b.id = OLD.booking_id) THEN
    RAISE EXCEPTION 'Führerscheinprüfungen können nicht gelöscht werden.' USING ERRCODE = 'P0001';
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER guest_licence_checks_append_only BEFORE UPDATE OR DELETE ON "guest_licence_checks"
  FOR EACH ROW EXECUTE FUNCTION guest_licence_checks_append_only();
