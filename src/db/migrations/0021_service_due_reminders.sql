-- One row per reminded due date (vehicle, Hauptuntersuchung or Inspektion, date): the daily run claims a
-- due date here before it mails the fleet, so no due date is mailed twice, whichever node runs the job.
CREATE TABLE "service_due_reminders" (
	"tenant_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due_on" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_due_reminders_pk" PRIMARY KEY("tenant_id","vehicle_id","kind","due_on")
);
--> statement-breakpoint
ALTER TABLE "service_due_reminders" ADD CONSTRAINT "service_due_reminders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "service_due_reminders" ADD CONSTRAINT "service_due_reminders_vehicle_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
