-- guests of vehicle bookings, the public rental's requests and the shared rate-limit counters.
CREATE TABLE "public_rate_limits" (
	"tenant_id" uuid NOT NULL,
	"bucket" text NOT NULL,
	"key_hash" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "public_rate_limits_tenant_id_bucket_key_hash_window_start_pk" PRIMARY KEY("tenant_id","bucket","key_hash","window_start")
);
--> statement-breakpoint
CREATE TABLE "rental_requests" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"von" timestamp with time zone NOT NULL,
	"bis" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"locale" text DEFAULT 'de' NOT NULL,
	"status" text DEFAULT 'offen' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_requests_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "rental_requests_tenant_id_token_hash_unique" UNIQUE("tenant_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "vehicle_booking_guests" (
	"tenant_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"notes" text,
	"locale" text DEFAULT 'de' NOT NULL,
	"source" text DEFAULT 'empfang' NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_booking_guests_tenant_id_booking_id_pk" PRIMARY KEY("tenant_id","booking_id"),
	CONSTRAINT "vehicle_booking_guests_tenant_id_token_hash_unique" UNIQUE("tenant_id","token_hash")
);
--> statement-breakpoint
ALTER TABLE "public_rate_limits" ADD CONSTRAINT "public_rate_limits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rental_requests" ADD CONSTRAINT "rental_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rental_requests" ADD CONSTRAINT "rental_requests_tenant_id_vehicle_id_vehicles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","vehicle_id") REFERENCES "public"."vehicles"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rental_requests" ADD CONSTRAINT "rental_requests_tenant_id_booking_id_vehicle_bookings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","booking_id") REFERENCES "public"."vehicle_bookings"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vehicle_booking_guests" ADD CONSTRAINT "vehicle_booking_guests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vehicle_booking_guests" ADD CONSTRAINT "vehicle_booking_guests_tenant_id_booking_id_vehicle_bookings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","booking_id") REFERENCES "public"."vehicle_bookings"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "rental_requests_tenant_id_email_status_index" ON "rental_requests" USING btree ("tenant_id","email","status");
--> statement-breakpoint
CREATE INDEX "rental_requests_tenant_id_status_expires_at_index" ON "rental_requests" USING btree ("tenant_id","status","expires_at");
--> statement-breakpoint
ALTER TABLE "vehicle_booking_guests" ADD CONSTRAINT "vehicle_booking_guests_confirmed_check" CHECK ("confirmed" = ("confirmed_at" IS NOT NULL));
--> statement-breakpoint
ALTER TABLE "vehicle_booking_guests" ADD CONSTRAINT "vehicle_booking_guests_locale_check" CHECK ("locale" IN ('de', 'en'));
--> statement-breakpoint
ALTER TABLE "vehicle_booking_guests" ADD CONSTRAINT "vehicle_booking_guests_source_check" CHECK ("source" IN ('empfang', 'gaesteverleih'));
--> statement-breakpoint
ALTER TABLE "vehicle_booking_guests" ADD CONSTRAINT "vehicle_booking_guests_text_check" CHECK (length("name") BETWEEN 2 AND 100 AND length("email") <= 254 AND length("token_hash") = 64 AND coalesce(length("notes"), 0) <= 1000);
--> statement-breakpoint
ALTER TABLE "rental_requests" ADD CONSTRAINT "rental_requests_status_check" CHECK ("status" IN ('offen', 'bestätigt', 'abgelaufen'));
--> statement-breakpoint
ALTER TABLE "rental_requests" ADD CONSTRAINT "rental_requests_locale_check" CHECK ("locale" IN ('de', 'en'));
--> statement-breakpoint
ALTER TABLE "rental_requests" ADD CONSTRAINT "rental_requests_period_check" CHECK ("bis" > "von");
--> statement-breakpoint
ALTER TABLE "rental_requests" ADD CONSTRAINT "rental_requests_booking_check" CHECK (("status" = 'bestätigt') = ("booking_id" IS NOT NULL));
--> statement-breakpoint
ALTER TABLE "rental_requests" ADD CONSTRAINT "rental_requests_text_check" CHECK (length("name") BETWEEN 2 AND 100 AND length("email") <= 254 AND length("token_hash") = 64);
--> statement-breakpoint
CREATE UNIQUE INDEX "rental_requests_one_per_booking" ON "rental_requests" ("tenant_id", "booking_id") WHERE "booking_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "public_rate_limits" ADD CONSTRAINT "public_rate_limits_hits_check" CHECK ("hits" >= 1);
--> statement-breakpoint
CREATE INDEX "public_rate_limits_window_index" ON "public_rate_limits" ("tenant_id", "window_start");
