/**
 * Mail texts in de and en. Each template returns subject, text and HTML; the
 * HTML is the text with the link made clickable, escaped, so a name can never
 * inject markup.
 */
export type Locale = 'de' | 'en';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function render(subject: string, paragraphs: string[], link?: { url: string; label: string }): RenderedMail {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : [])].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '',
    '</body></html>',
  ].join('');
  return { subject, text, html };
}

export function passwordRecoveryMail(p: { name: string; tenantName: string; url: string; locale: Locale }): RenderedMail {
  return p.locale === 'en'
    ? render(
        `Buchbar – reset your password (${p.tenantName})`,
        [`Hello ${p.name},`, 'someone asked to reset the password of your Buchbar account. If it was you, set a new password with the link below; it is valid for one hour.', 'If it was not you, ignore this mail: your password stays as it is.'],
        { url: p.url, label: 'Set a new password' },
      )
    : render(
        `Buchbar – Passwort zurücksetzen (${p.tenantName})`,
        [`Hallo ${p.name},`, 'für Ihr Buchbar-Konto wurde ein neues Passwort angefordert. Wenn Sie das waren, vergeben Sie über den folgenden Link ein neues Passwort; er ist eine Stunde gültig.', 'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.'],
        { url: p.url, label: 'Neues Passwort vergeben' },
      );
}

export function invitationMail(p: { name: string; tenantName: string; url: string; locale: Locale }): RenderedMail {
  return p.locale === 'en'
    ? render(
        `Buchbar – your invitation (${p.tenantName})`,
        [`Hello ${p.name},`, `you have been invited to Buchbar at ${p.tenantName}. Create your password with the link below; it is valid for seven days.`],
        { url: p.url, label: 'Create password' },
      )
    : render(
        `Buchbar – Ihre Einladung (${p.tenantName})`,
        [`Hallo ${p.name},`, `Sie wurden zu Buchbar bei ${p.tenantName} eingeladen. Legen Sie über den folgenden Link Ihr Passwort fest; er ist sieben Tage gültig.`],
        { url: p.url, label: 'Passwort festlegen' },
      );
}

export function emailConfirmationMail(p: { name: string; tenantName: string; url: string; locale: Locale }): RenderedMail {
  return p.locale === 'en'
    ? render(`Buchbar – confirm your e-mail address (${p.tenantName})`, [`Hello ${p.name},`, 'please confirm your e-mail address with the link below.'], {
        url: p.url,
        label: 'Confirm e-mail address',
      })
    : render(`Buchbar – E-Mail-Adresse bestätigen (${p.tenantName})`, [`Hallo ${p.name},`, 'bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link.'], {
        url: p.url,
        label: 'E-Mail-Adresse bestätigen',
      });
}
