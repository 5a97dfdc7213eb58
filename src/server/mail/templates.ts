import { type Locale, type RenderedMail, renderMail } from './render';

/** Account mails in de and en: password recovery, invitation, e-mail confirmation, sign-in code. */

export function passwordRecoveryMail(p: { name: string; tenantName: string; url: string; locale: Locale }): RenderedMail {
  return p.locale === 'en'
    ? renderMail(
        `Buchbar – reset your password (${p.tenantName})`,
        [
          `Hello ${p.name},`,
          'someone asked to reset the password of your Buchbar account. If it was you, set a new password with the link below; it is valid for one hour.',
          'If it was not you, ignore this mail: your password stays as it is.',
        ],
        { url: p.url, label: 'Set a new password' },
      )
    : renderMail(
        `Buchbar – Passwort zurücksetzen (${p.tenantName})`,
        [
          `Hallo ${p.name},`,
          'für Ihr Buchbar-Konto wurde ein neues Passwort angefordert. Wenn Sie das waren, vergeben Sie über den folgenden Link ein neues Passwort; er ist eine Stunde gültig.',
          'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
        ],
        { url: p.url, label: 'Neues Passwort vergeben' },
      );
}

export function invitationMail(p: { name: string; tenantName: string; url: string; locale: Locale }): RenderedMail {
  return p.locale === 'en'
    ? renderMail(
        `Buchbar – your invitation (${p.tenantName})`,
        [
          `Hello ${p.name},`,
          `you have been invited to Buchbar at ${p.tenantName}. Create your password with the link below; it is valid for seven days.`,
        ],
        { url: p.url, label: 'Create password' },
      )
    : renderMail(
        `Buchbar – Ihre Einladung (${p.tenantName})`,
        [
          `Hallo ${p.name},`,
          `Sie wurden zu Buchbar bei ${p.tenantName} eingeladen. Legen Sie über den folgenden Link Ihr Passwort fest; er ist sieben Tage gültig.`,
        ],
        { url: p.url, label: 'Passwort festlegen' },
      );
}

export function emailConfirmationMail(p: { name: string; tenantName: string; url: string; locale: Locale }): RenderedMail {
  return p.locale === 'en'
    ? renderMail(
        `Buchbar – confirm your e-mail address (${p.tenantName})`,
        [`Hello ${p.name},`, 'please confirm your e-mail address with the link below.'],
        {
          url: p.url,
          label: 'Confirm e-mail address',
        },
      )
    : renderMail(
        `Buchbar – E-Mail-Adresse bestätigen (${p.tenantName})`,
        [`Hallo ${p.name},`, 'bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link.'],
        {
          url: p.url,
          label: 'E-Mail-Adresse bestätigen',
        },
      );
}

export function signInCodeMail(p: { name: string; tenantName: string; code: string; minutes: number; locale: Locale }): RenderedMail {
  return p.locale === 'en'
    ? renderMail(`Buchbar – your sign-in code ${p.code} (${p.tenantName})`, [
        `Hello ${p.name},`,
        `your code to sign in to Buchbar is ${p.code}. It is valid for ${p.minutes} minutes and works once.`,
        'If you did not ask for it, ignore this mail: nobody can sign in without the code.',
      ])
    : renderMail(`Buchbar – Ihr Anmeldecode ${p.code} (${p.tenantName})`, [
        `Hallo ${p.name},`,
        `Ihr Code für die Anmeldung bei Buchbar lautet ${p.code}. Er gilt ${p.minutes} Minuten und nur einmal.`,
        'Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail: Ohne den Code kann sich niemand anmelden.',
      ]);
}
