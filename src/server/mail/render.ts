/**
 * The one way Buchbar writes a mail: paragraphs and an optional link, as text
 * and as HTML. Everything is escaped, so a name can never inject markup.
 */
export type Locale = 'de' | 'en';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The booking's calendar event, sent as a text/calendar attachment (decision 090). */
  ics?: string | null;
}

/** The mail with the booking's calendar event attached. */
export const withIcs = (mail: RenderedMail, ics: string): RenderedMail => ({ ...mail, ics });

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderMail(subject: string, paragraphs: string[], link?: { url: string; label: string }): RenderedMail {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : [])].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '',
    '</body></html>',
  ].join('');
  return { subject, text, html };
}
