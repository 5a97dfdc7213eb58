-- UVV inspection (DGUV Vorschrift 70 § 57) as a kind of the service booklet, with who inspected and the result (decision 224).
ALTER TABLE "service_entries" DROP CONSTRAINT "service_entries_kind_check";
--> statement-breakpoint
ALTER TABLE "service_entries" ADD CONSTRAINT "service_entries_kind_check"
  CHECK ("kind" IN ('Inspektion', 'Ölwechsel', 'Reifenwechsel', 'Hauptuntersuchung', 'UVV-Prüfung', 'Reparatur', 'Sonstiges'));
--> statement-breakpoint
ALTER TABLE "service_entries" ADD COLUMN "inspector" text;
--> statement-breakpoint
ALTER TABLE "service_entries" ADD COLUMN "uvv_result" text;
--> statement-breakpoint
ALTER TABLE "service_entries" ADD CONSTRAINT "service_entries_uvv_check" CHECK (
  ("kind" = 'UVV-Prüfung' AND "inspector" IS NOT NULL AND "uvv_result" IN ('ohne Mängel', 'Mängel behoben', 'Mängel – nicht betriebssicher'))
  OR ("kind" <> 'UVV-Prüfung' AND "inspector" IS NULL AND "uvv_result" IS NULL));
