/**
 * The text a Mantine date input shows for its value, without dayjs: the
 * stand-ins of the deferred date inputs (components/dates) render it until
 * @mantine/dates is loaded. Supports the tokens the screens use
 * (dd DD MM YYYY HH mm); picker-format.test.ts checks it against dayjs.
 */
const WEEKDAYS_MIN: Record<'de' | 'en', readonly string[]> = {
  de: ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'],
  en: ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'],
};

const VALUE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?/;

/** `value` as Mantine keeps it ('YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss'); '' for no or unreadable values. */
export function formatPickerValue(value: string | null | undefined, format: string, language: string): string {
  const m = value ? VALUE.exec(value) : null;
  if (!m) return '';
  const [, year, month, day, hour = '00', minute = '00'] = m as unknown as [string, string, string, string, string?, string?];
  const weekday = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDay();
  const names = WEEKDAYS_MIN[language === 'en' ? 'en' : 'de'];
  const tokens: Record<string, string> = { YYYY: year, MM: month, DD: day, dd: names[weekday]!, HH: hour, mm: minute };
  return format.replace(/YYYY|MM|DD|dd|HH|mm/g, (token) => tokens[token]!);
}
