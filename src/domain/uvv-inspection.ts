import { defineErrors } from './errors';
import { berlinDay, germanDay } from './opening-hours';

/**
 * UVV inspection (DGUV Vorschrift 70 § 57): a competent person inspects every
 * vehicle at least once a year. It is a kind of the service booklet; its
 * result and the next due date decide whether the vehicle may be booked and
 * driven when the tenant switches the gate on (docs/product.md#vehicle-care).
 */

export const UVV_KIND = 'UVV-Prüfung';

export const UVV_RESULTS = ['ohne Mängel', 'Mängel behoben', 'Mängel – nicht betriebssicher'] as const;
export type UvvResult = (typeof UVV_RESULTS)[number];
export const UNSAFE_RESULT: UvvResult = 'Mängel – nicht betriebssicher';

const uvvErrors = defineErrors({
  uvv_inspector_missing: {
    status: 400,
    de: 'Bitte geben Sie an, wer die UVV-Prüfung durchgeführt hat.',
    en: 'Please enter who carried out the UVV inspection.',
  },
  uvv_result_missing: {
    status: 400,
    de: 'Bitte wählen Sie das Ergebnis der UVV-Prüfung.',
    en: 'Please choose the result of the UVV inspection.',
  },
  uvv_fields_other_kind: {
    status: 400,
    de: 'Prüfer und Prüfergebnis gehören nur zu einer UVV-Prüfung.',
    en: 'Inspector and result belong to a UVV inspection only.',
  },
  uvv_overdue: {
    status: 409,
    texts: (p: { date: string }) => ({
      de: `Die UVV-Prüfung des Fahrzeugs war am ${p.date} fällig; bis zur nächsten Prüfung kann es nicht gebucht oder gefahren werden.`,
      en: `The vehicle's UVV inspection was due on ${p.date}; it cannot be booked or driven until it is inspected again.`,
    }),
  },
  uvv_due_in_period: {
    status: 409,
    texts: (p: { date: string }) => ({
      de: `Die UVV-Prüfung des Fahrzeugs ist am ${p.date} fällig, vor dem Ende dieses Zeitraums; bitte wählen Sie einen früheren Zeitraum oder warten Sie die Prüfung ab.`,
      en: `The vehicle's UVV inspection is due on ${p.date}, before the end of this period; please choose an earlier period or wait for the inspection.`,
    }),
  },
  uvv_unsafe: {
    status: 409,
    texts: (p: { date: string }) => ({
      de: `Das Fahrzeug ist laut UVV-Prüfung vom ${p.date} nicht betriebssicher; es kann bis zur nächsten Prüfung nicht gebucht oder gefahren werden.`,
      en: `The UVV inspection of ${p.date} found the vehicle not safe to operate; it cannot be booked or driven until it is inspected again.`,
    }),
  },
});

export const UVV_ERRORS = uvvErrors.entries;

/** Month arithmetic on ISO days that keeps the end of a month: 31.01. + 1 month is 28.02. (29.02. in a leap year). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The next UVV date: the date entered by the fleet, or the day of the inspection plus the tenant's interval. */
export function uvvNextDue(performedOn: string, entered: string | null, intervalMonths: number): string {
  return entered ?? addMonths(performedOn, intervalMonths);
}

/** A UVV entry needs an inspector and a result; other kinds carry neither. */
export function validateUvvFields(kind: string, inspector: string | null, result: string | null): void {
  if (kind !== UVV_KIND) {
    if (inspector || result) throw uvvErrors.fail('uvv_fields_other_kind');
    return;
  }
  if (!inspector?.trim()) throw uvvErrors.fail('uvv_inspector_missing');
  if (!result || !(UVV_RESULTS as readonly string[]).includes(result)) throw uvvErrors.fail('uvv_result_missing');
}

/** The newest UVV inspection of a vehicle, as the gate reads it (null when it never had one). */
export interface LatestUvv {
  performedOn: string;
  result: string | null;
  nextDueOn: string | null;
}

/**
 * The UVV gate for a period [von, bis) (booking, or trip start), read only
 * when the tenant switched it on. A vehicle without any UVV entry is not held
 * back: the gate watches inspections the fleet keeps in Buchbar, and a tenant
 * that switches it on records the last inspection of each vehicle first
 * (decision 224). The vehicle is fit through its due date; a result "nicht
 * betriebssicher" holds until a newer inspection is recorded.
 */
export function assertUvvGate(latest: LatestUvv | null, von: Date, bis: Date, now: Date): void {
  if (!latest) return;
  if (latest.result === UNSAFE_RESULT) throw uvvErrors.fail('uvv_unsafe', { date: germanDay(latest.performedOn) });
  if (latest.nextDueOn === null) return;
  const today = berlinDay(now);
  if (latest.nextDueOn < today) throw uvvErrors.fail('uvv_overdue', { date: germanDay(latest.nextDueOn) });
  // The last minute of the period decides its last day (a trip that ends at midnight ends the day before).
  const lastDay = berlinDay(new Date(Math.max(von.getTime(), bis.getTime() - 1)));
  if (latest.nextDueOn < lastDay) throw uvvErrors.fail('uvv_due_in_period', { date: germanDay(latest.nextDueOn) });
}
