/**
 * The one way Buchbar writes a mail: paragraphs and an optional link, as text
 * and as HTML. Everything is escaped, so a name can never inject markup.
 */
export type Locale = 'de' | 'en';

/**
 * A secret in a mail: a link that carries a token, or a sign-in code. The
 * recipient gets it; the outbox keeps the mail with a placeholder in its place
 * and the real body only sealed, until delivery or `until` (decision 190).
 */
export interface MailSecret {
  readonly value: string;
  /** What the outbox shows instead, in the mail's language. */
  readonly placeholder: string;
  /** When the secret stops working: after that not even the sealed body is kept. */
  readonly until: Date;
}

const PLACEHOLDERS = {
  link: { de: '[Link entfernt]', en: '[link removed]' },
  code: { de: '[Code entfernt]', en: '[code removed]' },
} as const;

export const secretLink = (url: string, locale: Locale, until: Date): MailSecret => ({
  value: url,
  placeholder: PLACEHOLDERS.link[locale],
  until,
});

export const secretCode = (code: string, locale: Locale, until: Date): MailSecret => ({
  value: code,
  placeholder: PLACEHOLDERS.code[locale],
  until,
});

/** A moment `minutes` from now: how long a secret sent now stays valid. */
export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

export interface RenderedMail {
  /** Never carries a secret: it shows on lock screens and in mail lists. */
  subject: string;
  /** What the recipient gets, secrets included. */
  text: string;
  html: string;
  /** The booking's calendar event, sent as a text/calendar attachment (decision 090). */
  ics?: string | null;
  /** For a mail with secrets: the body as the outbox keeps it (placeholders), and until when the real one stays sealed. */
  redacted?: { text: string; html: string; until: Date } | null;
}

/** A paragraph is text, or text with secrets in it. */
export type Paragraph = string | readonly (string | MailSecret)[];

/** The mail with the booking's calendar event attached. */
export const withIcs = (mail: RenderedMail, ics: string): RenderedMail => ({ ...mail, ics });

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const secretsOf = (paragraphs: readonly Paragraph[], link?: { url: string | MailSecret }): MailSecret[] => [
  ...paragraphs.flatMap((p) => (typeof p === 'string' ? [] : p.filter((x): x is MailSecret => typeof x !== 'string'))),
  ...(link && typeof link.url !== 'string' ? [link.url] : []),
];

function compose(paragraphs: readonly Paragraph[], link: { url: string | MailSecret; label: string } | undefined, reveal: boolean) {
  const show = (x: string | MailSecret) => (typeof x === 'string' ? x : reveal ? x.value : x.placeholder);
  const line = (p: Paragraph) => (typeof p === 'string' ? p : p.map(show).join(''));
  const text = [...paragraphs.map(line), ...(link ? [`${link.label}: ${show(link.url)}`] : [])].join('\n\n');
  // A removed link is no link: the kept HTML names it with its placeholder instead of pointing anywhere.
  const linkHtml = !link
    ? ''
    : typeof link.url === 'string' || reveal
      ? `<p><a href="${escapeHtml(show(link.url))}">${escapeHtml(link.label)}</a></p>`
      : `<p>${escapeHtml(link.label)}: ${escapeHtml(show(link.url))}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs.map((p) => `<p>${escapeHtml(line(p))}</p>`),
    linkHtml,
    '</body></html>',
  ].join('');
  return { text, html };
}

export function renderMail(subject: string, paragraphs: Paragraph[], link?: { url: string | MailSecret; label: string }): RenderedMail {
  const secrets = secretsOf(paragraphs, link);
  const mail = { subject, ...compose(paragraphs, link, true) };
  if (secrets.length === 0) return mail;
  const until = new Date(Math.max(...secrets.map((s) => s.until.getTime())));
  return { ...mail, redacted: { ...compose(paragraphs, link, false), until } };
}
