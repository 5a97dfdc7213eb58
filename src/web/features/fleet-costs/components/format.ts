import { useTranslation } from 'react-i18next';

/** Euros, litres and kilometres as the reader's language writes them. */
export function useCostFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-US' : 'de-DE';
  const euro = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const one = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return {
    euro: (v: number | null) => (v === null ? '–' : euro.format(v)),
    n: (v: number | null) => (v === null ? '–' : one.format(v)),
  };
}

export const germanDay = (day: string) => day.split('-').reverse().join('.');
