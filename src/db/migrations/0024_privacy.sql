CREATE TABLE "personal_data_exports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"status" text DEFAULT 'wartend' NOT NULL,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"steps_total" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "personal_data_exports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "personal_data_exports_status" CHECK ("status" IN ('wartend', 'laeuft', 'fertig', 'fehler')),
	CONSTRAINT "personal_data_exports_locale" CHECK ("locale" IN ('de-de', 'en-us'))
);
--> statement-breakpoint
ALTER TABLE "personal_data_exports" ADD CONSTRAINT "personal_data_exports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "personal_data_exports" ADD CONSTRAINT "personal_data_exports_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "personal_data_exports_tenant_id_user_id_created_at_index" ON "personal_data_exports" USING btree ("tenant_id","user_id","created_at");
--> statement-breakpoint
-- Access to another person's data is audited in the same append-only trail (decision 106): action 'einsehen'.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("action" IN ('anlegen', 'ändern', 'löschen', 'einsehen'));
