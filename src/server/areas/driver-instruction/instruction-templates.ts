import { isoToGerman } from '@domain/vehicle-time';
import { type Locale, type RenderedMail, renderMail } from '../../kernel/mail/render';

/** Driver-instruction mails (de/en): the driver's reminder before the next instruction falls due. */
export function instructionReminderMail(m: {
  name: string;
  title: string;
  nextDue: string;
  overdue: boolean;
  url: string;
  locale: Locale;
}): RenderedMail {
  const date = isoToGerman(m.nextDue);
  if (m.locale === 'en') {
    return renderMail(
      m.overdue ? 'Buchbar – your driver instruction is overdue' : 'Buchbar – your driver instruction is due soon',
      [
        `Hello ${m.name},`,
        m.overdue
          ? `your driver instruction "${m.title}" was due on ${date}. Please read the current version and confirm it in Buchbar.`
          : `your driver instruction "${m.title}" is due on ${date}. Please read the current version and confirm it in Buchbar before then.`,
      ],
      { url: m.url, label: 'Driver instruction' },
    );
  }
  return renderMail(
    m.overdue ? 'Buchbar – Ihre Fahrerunterweisung ist überfällig' : 'Buchbar – Ihre Fahrerunterweisung steht an',
    [
      `Hallo ${m.name},`,
      m.overdue
        ? `Ihre Fahrerunterweisung „${m.title}“ war am ${date} fällig. Bitte lesen Sie die aktuelle Fassung und bestätigen Sie sie in Buchbar.`
        : `Ihre Fahrerunterweisung „${m.title}“ ist am ${date} fällig. Bitte lesen Sie die aktuelle Fassung und bestätigen Sie sie bis dahin in Buchbar.`,
    ],
    { url: m.url, label: 'Fahrerunterweisung' },
  );
}
