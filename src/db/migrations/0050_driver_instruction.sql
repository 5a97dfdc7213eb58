-- Driver instruction (Fahrerunterweisung, DGUV Vorschrift 1 § 4, decision 227): versions of the instruction
-- material and the drivers' instructions, both never changed once written, and the reminders sent.
CREATE TABLE "instruction_versions" (
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "category" text DEFAULT '' NOT NULL CHECK (char_length("category") <= 100 AND "category" = btrim("category")),
  "version" integer NOT NULL CHECK ("version" >= 1),
  "title" text NOT NULL,
  "body" text NOT NULL,
  "pdf_path" text,
  "published_on" date NOT NULL,
  "published_by_id" uuid NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "instruction_versions_tenant_id_id_pk" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "instruction_versions_number" UNIQUE ("tenant_id", "category", "version"),
  CONSTRAINT "instruction_versions_topic" UNIQUE ("tenant_id", "id", "category"),
  CONSTRAINT "instruction_versions_published_by_fk" FOREIGN KEY ("tenant_id", "published_by_id") REFERENCES "users"("tenant_id", "id"),
  CONSTRAINT "instruction_versions_lengths" CHECK (char_length("title") BETWEEN 1 AND 200 AND char_length("body") <= 50000)
);
--> statement-breakpoint
CREATE TABLE "instruction_confirmations" (
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL,
  "version_id" uuid NOT NULL,
  "category" text NOT NULL,
  "kind" text NOT NULL,
  "instructed_on" date NOT NULL,
  "instructor" text,
  "note" text,
  "recorded_by_id" uuid NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "instruction_confirmations_tenant_id_id_pk" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "instruction_confirmations_user_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id") ON DELETE cascade,
  CONSTRAINT "instruction_confirmations_recorded_by_fk" FOREIGN KEY ("tenant_id", "recorded_by_id") REFERENCES "users"("tenant_id", "id"),
  CONSTRAINT "instruction_confirmations_version_fk" FOREIGN KEY ("tenant_id", "version_id", "category")
    REFERENCES "instruction_versions"("tenant_id", "id", "category"),
  CONSTRAINT "instruction_confirmations_kind" CHECK ("kind" IN ('app', 'praesenz')),
  CONSTRAINT "instruction_confirmations_instructor" CHECK (("kind" = 'praesenz') = ("instructor" IS NOT NULL)),
  CONSTRAINT "instruction_confirmations_lengths" CHECK (char_length("instructor") <= 200 AND char_length("note") <= 1000)
);
--> statement-breakpoint
-- The latest instruction of a person in a topic (gate, list, reminders).
CREATE INDEX "instruction_confirmations_latest_idx" ON "instruction_confirmations" ("tenant_id", "user_id", "category", "instructed_on" DESC);
--> statement-breakpoint
-- A driver confirms one version once a day; a second click, or a second request racing it, is refused here.
CREATE UNIQUE INDEX "instruction_confirmations_app_once_a_day" ON "instruction_confirmations" ("tenant_id", "user_id", "version_id", "instructed_on")
  WHERE "kind" = 'app';
--> statement-breakpoint
CREATE TABLE "instruction_reminders" (
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
  "user_id" uuid NOT NULL,
  "category" text NOT NULL,
  "due_on" date NOT NULL,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "instruction_reminders_pk" PRIMARY KEY ("tenant_id", "user_id", "category", "due_on"),
  CONSTRAINT "instruction_reminders_user_fk" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "users"("tenant_id", "id") ON DELETE cascade
);
--> statement-breakpoint
-- A published version and a recorded instruction stay as written: no update, and a delete only as the cascade
-- of the tenant (versions) or of the person (instructions), or the erasure of exactly this person (decision 150).
CREATE OR REPLACE FUNCTION instruction_versions_unchanged() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'Veröffentlichte Unterweisungen können nicht geändert werden.' USING ERRCODE = 'P0001';
  END IF;
  IF EXISTS (SELECT 1 FROM tenants t WHERE t.id = OLD.tenant_id) THEN
    RAISE EXCEPTION 'Veröffentlichte Unterweisungen können nicht gelöscht werden.' USING ERRCODE = 'P0001';
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER instruction_versions_unchanged BEFORE UPDATE OR DELETE ON "instruction_versions"
  FOR EACH ROW EXECUTE FUNCTION instruction_versions_unchanged();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION instruction_confirmations_unchanged() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'Bestätigte Unterweisungen können nicht geändert werden.' USING ERRCODE = 'P0001';
  END IF;
  IF EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = OLD.tenant_id AND u.id = OLD.user_id)
     AND coalesce(current_setting('buchbar.erase_person', true), '') <> OLD.user_id::text THEN
    RAISE EXCEPTION 'Bestätigte Unterweisungen können nicht gelöscht werden.' USING ERRCODE = 'P0001';
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER instruction_confirmations_unchanged BEFORE UPDATE OR DELETE ON "instruction_confirmations"
  FOR EACH ROW EXECUTE FUNCTION instruction_confirmations_unchanged();
