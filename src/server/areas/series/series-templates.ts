import { type Locale, type RenderedMail, renderMail } from '../../kernel/mail/render';

/** Mails of booking series (de/en): what a series booked and which days it could not book, with the reasons. */

export interface SeriesMailInfo {
  locale: Locale;
  name: string;
  objectName: string;
  floorPlanName: string;
  /** Booked days as DD.MM.YYYY with their times. */
  booked: string[];
  /** Refused days as DD.MM.YYYY with the reason. */
  refused: { date: string; message: string }[];
  /** true: the extension job booked further days; false: the person saved the series. */
  extended: boolean;
  url: string;
  /** A vehicle series links to the vehicles instead of the floor plan. */
  kind?: 'platz' | 'fahrzeug';
}

export function seriesSummaryMail(m: SeriesMailInfo): RenderedMail {
  const refusedLines = m.refused.map((r) => `${r.date}: ${r.message}`);
  if (m.locale === 'en') {
    return renderMail(
      m.refused.length > 0 && m.extended
        ? `Buchbar – series: ${m.refused.length === 1 ? 'one date' : `${m.refused.length} dates`} could not be booked (${m.objectName})`
        : `Buchbar – series booked: ${m.objectName}`,
      [
        `Hello ${m.name},`,
        m.extended
          ? `your series for ${m.objectName} (${m.floorPlanName}) has moved on with the booking window.`
          : `your series for ${m.objectName} (${m.floorPlanName}) has been saved.`,
        ...(m.booked.length > 0 ? [`Booked: ${m.booked.join(', ')}`] : []),
        ...(refusedLines.length > 0 ? ['Could not be booked:', ...refusedLines] : []),
      ],
      { url: m.url, label: m.kind === 'fahrzeug' ? 'Open vehicles' : 'Open the floor plan' },
    );
  }
  return renderMail(
    m.refused.length > 0 && m.extended
      ? `Buchbar – Serie: ${m.refused.length === 1 ? 'ein Termin' : `${m.refused.length} Termine`} nicht buchbar (${m.objectName})`
      : `Buchbar – Serie gebucht: ${m.objectName}`,
    [
      `Hallo ${m.name},`,
      m.extended
        ? `Ihre Serie für ${m.objectName} (${m.floorPlanName}) wurde mit dem Buchungszeitraum fortgesetzt.`
        : `Ihre Serie für ${m.objectName} (${m.floorPlanName}) wurde gespeichert.`,
      ...(m.booked.length > 0 ? [`Gebucht: ${m.booked.join(', ')}`] : []),
      ...(refusedLines.length > 0 ? ['Nicht buchbar:', ...refusedLines] : []),
    ],
    { url: m.url, label: m.kind === 'fahrzeug' ? 'Fahrzeuge öffnen' : 'Grundriss öffnen' },
  );
}
