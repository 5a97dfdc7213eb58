-- Fuel and charging cards, receipts and the capacities a receipt is checked against (decision 226). A card keeps
-- only the last four digits of its number; there is no column for a PIN on purpose.
ALTER TABLE "vehicles" ADD COLUMN "tank_litres" real CHECK ("tank_litres" IS NULL OR "tank_litres" > 0);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "battery_kwh" real CHECK ("battery_kwh" IS NULL OR "battery_kwh" > 0);
--> statement-breakpoint
CREATE TABLE "fuel_cards" (
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('kraftstoff', 'laden')),
  "provider" text NOT NULL,
  "last_four" text NOT NULL CHECK ("last_four" ~ '^[0-9]{4}$'),
  "valid_until" date,
  "vehicle_id" uuid,
  "note" text,
  "retired" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "fuel_cards_tenant_id_id_pk" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "fuel_cards_vehicle_fk" FOREIGN KEY ("tenant_id", "vehicle_id") REFERENCES "vehicles"("tenant_id", "id")
);
--> statement-breakpoint
CREATE INDEX "fuel_cards_tenant_id_vehicle_id_index" ON "fuel_cards" ("tenant_id", "vehicle_id");
--> statement-breakpoint
CREATE TABLE "fuel_receipts" (
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
  "id" uuid DEFAULT gen_random_uuid() NOT NULL,
  "vehicle_id" uuid NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('kraftstoff', 'laden', 'sonstiges')),
  "day" date NOT NULL,
  "litres" real CHECK ("litres" IS NULL OR "litres" > 0),
  "kwh" real CHECK ("kwh" IS NULL OR "kwh" > 0),
  "amount_cents" integer NOT NULL CHECK ("amount_cents" >= 0),
  "odometer" integer CHECK ("odometer" IS NULL OR "odometer" >= 0),
  "card_id" uuid,
  "booking_id" uuid,
  "photo" text,
  "note" text,
  "created_by_id" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "fuel_receipts_tenant_id_id_pk" PRIMARY KEY ("tenant_id", "id"),
  CONSTRAINT "fuel_receipts_vehicle_fk" FOREIGN KEY ("tenant_id", "vehicle_id") REFERENCES "vehicles"("tenant_id", "id"),
  CONSTRAINT "fuel_receipts_card_fk" FOREIGN KEY ("tenant_id", "card_id") REFERENCES "fuel_cards"("tenant_id", "id"),
  CONSTRAINT "fuel_receipts_booking_fk" FOREIGN KEY ("tenant_id", "booking_id") REFERENCES "vehicle_bookings"("tenant_id", "id"),
  CONSTRAINT "fuel_receipts_created_by_fk" FOREIGN KEY ("tenant_id", "created_by_id") REFERENCES "users"("tenant_id", "id")
);
--> statement-breakpoint
-- The cost report sums a period of all vehicles; the vehicle tab lists one vehicle's receipts newest first.
CREATE INDEX "fuel_receipts_tenant_id_vehicle_id_day_index" ON "fuel_receipts" ("tenant_id", "vehicle_id", "day");
--> statement-breakpoint
CREATE INDEX "fuel_receipts_tenant_id_day_index" ON "fuel_receipts" ("tenant_id", "day") INCLUDE ("vehicle_id", "kind", "amount_cents", "litres", "kwh");
