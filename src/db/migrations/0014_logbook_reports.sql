-- Logbook report mails, mail attachments and background exports (decisions 073–075).
-- Attachments of outbox mails: stored with the mail, so a retry after a failed
-- SMTP delivery sends the same files (mail_outbox has no tenant wall, neither do they).
CREATE TABLE "mail_outbox_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" bytea NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox_attachments" ADD CONSTRAINT "mail_outbox_attachments_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "mail_outbox_attachments_mail_id_index" ON "mail_outbox_attachments" USING btree ("mail_id");
--> statement-breakpoint
-- One row per tenant, report period and address: claimed in the transaction that
-- decides the mail, so a second run (or a second node) sends nothing twice.
CREATE TABLE "logbook_report_sends" (
	"tenant_id" uuid NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"address" text NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logbook_report_sends_pk" PRIMARY KEY("tenant_id","period_from","period_to","address"),
	CONSTRAINT "logbook_report_sends_period" CHECK ("period_to" > "period_from")
);
--> statement-breakpoint
ALTER TABLE "logbook_report_sends" ADD CONSTRAINT "logbook_report_sends_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "logbook_report_sends" ADD CONSTRAINT "logbook_report_sends_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- Background exports of the logbook: progress while the job runs, the file under
-- the tenant's folder of the file store when done, removed after a day.
CREATE TABLE "logbook_exports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"vehicle_id" uuid,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'wartend' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "logbook_exports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "logbook_exports_format" CHECK ("format" IN ('xlsx', 'pdf')),
	CONSTRAINT "logbook_exports_status" CHECK ("status" IN ('wartend', 'laeuft', 'fertig', 'fehler')),
	CONSTRAINT "logbook_exports_period" CHECK ("period_to" >= "period_from")
);
--> statement-breakpoint
ALTER TABLE "logbook_exports" ADD CONSTRAINT "logbook_exports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "logbook_exports" ADD CONSTRAINT "logbook_exports_requested_by_fk" FOREIGN KEY ("tenant_id","requested_by_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "logbook_exports" ADD CONSTRAINT "logbook_exports_vehicle_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "logbook_exports_tenant_id_created_at_index" ON "logbook_exports" USING btree ("tenant_id","created_at");
