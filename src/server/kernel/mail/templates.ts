import { type Locale, minutesFromNow, type RenderedMail, renderMail, secretCode, secretLink } from './render';

/**
 * Account mails in de and en: password recovery, invitation, e-mail confirmation, sign-in code.
 * Their links and the code are secrets: the outbox keeps them sealed until delivery or expiry (decision 190).
 */

const RECOVERY_MINUTES = 60;
const INVITATION_MINUTES = 7 * 24 * 60;
/** better-auth's default life of an e-mail confirmation link. */
const CONFIRMATION_MINUTES = 60;

export function passwordRecoveryMail(p: { name: string; tenantName: string; url: string; locale: Locale }): RenderedMail {
  const url = secretLink(p.url, p.locale, minutesFromNow(RECOVERY_MINUTES));
  return p.locale === 'en'
    ? renderMail(
        `Buchbar – reset your password (${p.tenantName})`,
        [
          `Hello ${p.name},`,
          'someone asked to reset the password of your Buchbar account. If it was you, set a new password with the link below; it is valid for one hour.',
          'If it was not you, ignore this mail: your password stays as it is.',
        ],
        { url, label: 'Set a new password' },
      )
    : renderMail(
        `Buchbar – Passwort zurücksetzen (${p.tenantName})`,
        [
          `Hallo ${p.name},`,
          'für Ihr Buchbar-Konto wurde ein neues Passwort angefordert. Wenn Sie das waren, vergeben Sie über den folgenden Link ein neues Passwort; er ist eine Stunde gültig.',
          'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
        ],
        { url, label: 'Neues Passwort vergeben' },
      );
}

export function invitationMail(p: { name: string; tenantName: string; url: string; locale: Locale }): RenderedMail {
  const url = secretLink(p.url, p.locale, minutesFromNow(INVITATION_MINUTES));
  return p.locale === 'en'
    ? renderMail(
        `Buchbar – your invitation (${p.tenantName})`,
        [
          `Hello ${p.name},`,
          `you have been invited to Buchbar at ${p.tenantName}. Create your password with the link below; it is valid for seven days.`,
        ],
        { url, label: 'Create password' },
      )
    : renderMail(
        `Buchbar – Ihre Einladung (${p.tenantName})`,
        [
          `Hallo ${p.name},`,
          `Sie wurden zu Buchbar bei ${p.tenantName} eingeladen. Legen Sie über den folgenden Link Ihr Passwort fest; er ist sieben Tage gültig.`,
        ],
        { url, label: 'Passwort festlegen' },
      );
}

export function emailConfirmationMail(p: { name: string; tenantName: string; url: string; locale: Locale }): RenderedMail {
  const url = secretLink(p.url, p.locale, minutesFromNow(CONFIRMATION_MINUTES));
  return p.locale === 'en'
    ? renderMail(
        `Buchbar – confirm your e-mail address (${p.tenantName})`,
        [`Hello ${p.name},`, 'please confirm your e-mail address with the link below.'],
        {
          url,
          label: 'Confirm e-mail address',
        },
      )
    : renderMail(
        `Buchbar – E-Mail-Adresse bestätigen (${p.tenantName})`,
        [`Hallo ${p.name},`, 'bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link.'],
        {
          url,
          label: 'E-Mail-Adresse bestätigen',
        },
      );
}

/** The code only in the body: a subject shows on lock screens and in notifications. */
export function signInCodeMail(p: { name: string; tenantName: string; code: string; minutes: number; locale: Locale }): RenderedMail {
  const code = secretCode(p.code, p.locale, minutesFromNow(p.minutes));
  return p.locale === 'en'
    ? renderMail(`Your sign-in code for Buchbar (${p.tenantName})`, [
        `Hello ${p.name},`,
        ['your code to sign in to Buchbar is ', code, `. It is valid for ${p.minutes} minutes and works once.`],
        'If you did not ask for it, ignore this mail: nobody can sign in without the code.',
      ])
    : renderMail(`Ihr Anmeldecode für Buchbar (${p.tenantName})`, [
        `Hallo ${p.name},`,
        ['Ihr Code für die Anmeldung bei Buchbar lautet ', code, `. Er gilt ${p.minutes} Minuten und nur einmal.`],
        'Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail: Ohne den Code kann sich niemand anmelden.',
      ]);
}
