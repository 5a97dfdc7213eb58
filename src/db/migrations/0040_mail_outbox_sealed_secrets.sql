-- Secrets leave the outbox's readable body (decision 190): a mail with a token link or a sign-in code keeps
-- placeholders in "text" and "html" and its real body only encrypted in "sealed_body", until it is delivered
-- or "sealed_until" has passed.
ALTER TABLE "mail_outbox" ADD COLUMN "sealed_body" text;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sealed_until" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "mail_outbox_sealed_until_idx" ON "mail_outbox" ("sealed_until") WHERE "sealed_body" IS NOT NULL;
--> statement-breakpoint
-- Mails written before this change hold their secrets in plain text. Their links (token and request
-- parameters of Buchbar's own templates) and sign-in codes are replaced by the placeholders the new mails use.
UPDATE "mail_outbox" SET
  "text" = regexp_replace("text", 'https?://[^[:space:]"<>]*[?&](token|anfrage)=[^[:space:]"<>]*', '[Link entfernt]', 'g'),
  "html" = regexp_replace("html", '<a href="[^"]*[?&](amp;)?(token|anfrage)=[^"]*">([^<]*)</a>', '\3: [Link entfernt]', 'g')
WHERE "text" ~ '[?&](token|anfrage)=' OR "html" ~ '[?&](amp;)?(token|anfrage)=';
--> statement-breakpoint
UPDATE "mail_outbox" SET
  "subject" = regexp_replace("subject", '(Anmeldecode|sign-in code) [0-9]+', '\1', 'g'),
  "text" = regexp_replace("text", '(lautet|is) [0-9]{6}\.', '\1 [Code entfernt].', 'g'),
  "html" = regexp_replace("html", '(lautet|is) [0-9]{6}\.', '\1 [Code entfernt].', 'g')
WHERE "subject" ~ '(Anmeldecode|sign-in code) [0-9]+';
