-- Locations and tenants administered from the browser: a parking space used by a
-- vehicle history entry is deactivated instead of deleted, and a tenant may carry a logo
-- (stored in the logos bucket, the column holds its path).
ALTER TABLE "parking_spaces" ADD COLUMN "active" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "logo_path" text;
