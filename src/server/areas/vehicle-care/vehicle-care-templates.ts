import { formatDate, formatDateTime } from '@domain/time';
import { type Locale, type RenderedMail, renderMail } from '../../kernel/mail/render';

/** Mails of vehicle care (de/en): a damage was reported, a vehicle crossed a soiling threshold. */

interface VehicleMail {
  name: string;
  vehicle: string;
  plate: string;
  url: string;
  locale: Locale;
}

export function damageReportedMail(m: VehicleMail & { reporter: string; at: Date; description: string }): RenderedMail {
  return m.locale === 'en'
    ? renderMail(
        `Buchbar – damage reported: ${m.vehicle} (${m.plate})`,
        [`Hello ${m.name},`, `${m.reporter} reported a damage to ${m.vehicle} (${m.plate}) on ${formatDateTime(m.at)}:`, m.description],
        { url: m.url, label: 'Open damages' },
      )
    : renderMail(
        `Buchbar – Schaden gemeldet: ${m.vehicle} (${m.plate})`,
        [
          `Hallo ${m.name},`,
          `${m.reporter} hat am ${formatDateTime(m.at)} einen Schaden an ${m.vehicle} (${m.plate}) gemeldet:`,
          m.description,
        ],
        { url: m.url, label: 'Schäden öffnen' },
      );
}

const EN_RATING: Record<string, string> = {
  sauber: 'clean',
  'leicht verschmutzt': 'slightly dirty',
  verschmutzt: 'dirty',
  'stark verschmutzt': 'very dirty',
  'leicht verschmutzt und schlechter': 'slightly dirty and worse',
};
const en = (r: string) => EN_RATING[r] ?? r;

export interface SoilingLevels {
  inside: string;
  outside: string;
  limitInside: string;
  limitOutside: string;
}

/** Dirt levels and limits (placeholders of docs/product.md#mails) of the check-out that crossed a threshold. */
export function soilingMail(m: VehicleMail & SoilingLevels & { driver: string; at: Date }): RenderedMail {
  return m.locale === 'en'
    ? renderMail(
        `Buchbar – vehicle dirty: ${m.vehicle} (${m.plate})`,
        [
          `Hello ${m.name},`,
          `${m.driver} returned ${m.vehicle} (${m.plate}) on ${formatDateTime(m.at)} with this cleanliness rating:`,
          `Inside: ${en(m.inside)} (limit: ${en(m.limitInside)})`,
          `Outside: ${en(m.outside)} (limit: ${en(m.limitOutside)})`,
        ],
        { url: m.url, label: 'Open vehicle' },
      )
    : renderMail(
        `Buchbar – Fahrzeug verschmutzt: ${m.vehicle} (${m.plate})`,
        [
          `Hallo ${m.name},`,
          `${m.driver} hat ${m.vehicle} (${m.plate}) am ${formatDateTime(m.at)} mit dieser Sauberkeit zurückgegeben:`,
          `Innen: ${m.inside} (Grenze: ${m.limitInside})`,
          `Außen: ${m.outside} (Grenze: ${m.limitOutside})`,
        ],
        { url: m.url, label: 'Fahrzeug öffnen' },
      );
}

export interface DueItem {
  vehicle: string;
  plate: string;
  /** Hauptuntersuchung, Inspektion or UVV-Prüfung. */
  kind: string;
  dueOn: string;
  overdue: boolean;
}

const EN_KIND: Record<string, string> = {
  Hauptuntersuchung: 'General inspection (HU)',
  Inspektion: 'Service inspection',
  'UVV-Prüfung': 'UVV inspection',
};

/** The fleet's reminder of Hauptuntersuchung, inspection and UVV inspection dates coming up (or passed) in the lead time. */
export function serviceDueMail(m: { name: string; items: DueItem[]; url: string; locale: Locale }): RenderedMail {
  const lines = m.items.map((i) =>
    m.locale === 'en'
      ? `${i.vehicle} (${i.plate}): ${EN_KIND[i.kind] ?? i.kind} ${i.overdue ? 'overdue since' : 'due on'} ${formatDate(i.dueOn)}`
      : `${i.vehicle} (${i.plate}): ${i.kind} ${i.overdue ? 'überfällig seit' : 'fällig am'} ${formatDate(i.dueOn)}`,
  );
  return m.locale === 'en'
    ? renderMail('Buchbar – inspections due', [`Hello ${m.name},`, 'these dates of your pool vehicles are coming up:', ...lines], {
        url: m.url,
        label: 'Open vehicles',
      })
    : renderMail('Buchbar – Prüftermine fällig', [`Hallo ${m.name},`, 'für diese Poolfahrzeuge stehen Termine an:', ...lines], {
        url: m.url,
        label: 'Fahrzeuge öffnen',
      });
}
