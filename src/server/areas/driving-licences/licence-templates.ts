import { isoToGerman } from '@domain/vehicle-time';
import { type Locale, type RenderedMail, renderMail } from '../../kernel/mail/render';

/** Driving-licence mails (de/en): the driver's reminder and the examiners' digest of names to check. */

export function licenceReminderMail(m: { name: string; nextCheck: string; lapsed: boolean; locale: Locale }): RenderedMail {
  if (m.locale === 'en') {
    return renderMail(m.lapsed ? 'Buchbar – your driving licence check is overdue' : 'Buchbar – your driving licence check is due soon', [
      `Hello ${m.name},`,
      m.lapsed
        ? `your driving licence check was due on ${isoToGerman(m.nextCheck)}. Until it is checked again you cannot book or start trips with vehicles that require a licence class.`
        : `your next driving licence check is due on ${isoToGerman(m.nextCheck)}. Please show your licence to a licence examiner before then.`,
    ]);
  }
  return renderMail(m.lapsed ? 'Buchbar – Ihre Führerscheinprüfung ist überfällig' : 'Buchbar – Ihre Führerscheinprüfung steht an', [
    `Hallo ${m.name},`,
    m.lapsed
      ? `Ihre Führerscheinprüfung war am ${isoToGerman(m.nextCheck)} fällig. Bis zur nächsten Prüfung können Sie Fahrzeuge, die eine Führerscheinklasse verlangen, weder buchen noch Fahrten starten.`
      : `Ihre nächste Führerscheinprüfung ist am ${isoToGerman(m.nextCheck)} fällig. Bitte legen Sie Ihren Führerschein bis dahin einer prüfenden Person vor.`,
  ]);
}

export interface DueName {
  name: string;
  state: string;
  nextCheck: string | null;
}

const STATE_DE: Record<string, string> = { bald_faellig: 'bald fällig', ueberfaellig: 'überfällig', keine_daten: 'keine Daten' };
const STATE_EN: Record<string, string> = { bald_faellig: 'due soon', ueberfaellig: 'overdue', keine_daten: 'no data' };

export function examinerDigestMail(m: { name: string; names: DueName[]; url: string; locale: Locale }): RenderedMail {
  const en = m.locale === 'en';
  const lines = m.names.map((n) => {
    const state = (en ? STATE_EN : STATE_DE)[n.state] ?? n.state;
    const date = n.nextCheck ? (en ? ` (${isoToGerman(n.nextCheck)})` : ` (${isoToGerman(n.nextCheck)})`) : '';
    return `– ${n.name}: ${state}${date}`;
  });
  const count = m.names.length;
  return en
    ? renderMail(
        `Buchbar – driving licences to check: ${count}`,
        [
          `Hello ${m.name},`,
          `${count === 1 ? 'this driving licence is' : `these ${count} driving licences are`} due for a check:`,
          lines.join('\n'),
        ],
        { url: m.url, label: 'Driving licences' },
      )
    : renderMail(
        `Buchbar – zu prüfende Führerscheine: ${count}`,
        [
          `Hallo ${m.name},`,
          `${count === 1 ? 'dieser Führerschein ist' : `diese ${count} Führerscheine sind`} zu prüfen:`,
          lines.join('\n'),
        ],
        { url: m.url, label: 'Führerscheine' },
      );
}
