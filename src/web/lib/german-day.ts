import { isIsoDay } from '@domain/time';
import { germanToIso } from '@domain/vehicle-time';

/** DD.MM.YYYY (also D.M.YYYY) → YYYY-MM-DD, or null when it is no real day. */
export function parseGermanDay(value: string): string | null {
  const m = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(value);
  if (!m) return null;
  const iso = germanToIso(`${m[1]!.padStart(2, '0')}.${m[2]!.padStart(2, '0')}.${m[3]}`);
  return isIsoDay(iso) ? iso : null;
}
