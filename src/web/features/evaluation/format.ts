import { useTranslation } from 'react-i18next';

/** Numbers as the reader's language writes them: 12,5 in German, 12.5 in English. */
export function useNumberFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-US' : 'de-DE';
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return {
    n: (v: number) => number.format(v),
    pct: (v: number) => `${number.format(v)} %`,
  };
}

/** YYYY-MM as MM.YYYY. */
export const monthLabel = (month: string) => `${month.slice(5, 7)}.${month.slice(0, 4)}`;

/** YYYY-MM-DD as DD.MM.YYYY. */
export const dayLabel = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
