-- Operations: sign-in and other rate limits counted in the database, so every app node sees the same count.
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_hits_hits" CHECK ("rate_limit_hits"."hits" >= 1)
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_reset_at" ON "rate_limit_hits" ("reset_at");
