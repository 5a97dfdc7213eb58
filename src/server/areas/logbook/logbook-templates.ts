import { isoToGerman } from '@domain/vehicle-time';
import { type Locale, type RenderedMail, renderMail } from '../../kernel/mail/render';

/** The logbook report mail (de/en); the logbook itself comes as PDF and xlsx attachments, in German as the tax office reads it. */
export function logbookReportMail(m: { tenantName: string; from: string; to: string; locale: Locale }): RenderedMail {
  const period = `${isoToGerman(m.from)} – ${isoToGerman(m.to)}`;
  if (m.locale === 'en') {
    return renderMail(`Buchbar – logbook report ${period}`, [
      'Hello,',
      `attached is the logbook (Fahrtenbuch) of ${m.tenantName} for ${period}, as PDF and as Excel file, with every vehicle, the totals per trip kind and the marked corrections.`,
      'You receive this mail because your address is entered as a recipient of the logbook report.',
    ]);
  }
  return renderMail(`Buchbar – Fahrtenbuch-Bericht ${period}`, [
    'Guten Tag,',
    `im Anhang finden Sie das Fahrtenbuch von ${m.tenantName} für den Zeitraum ${period} als PDF und als Excel-Datei, mit allen Fahrzeugen, den Summen je Fahrtart und den gekennzeichneten Korrekturen.`,
    'Sie erhalten diese Mail, weil Ihre Adresse als Empfänger des Fahrtenbuch-Berichts eingetragen ist.',
  ]);
}
