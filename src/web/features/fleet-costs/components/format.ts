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

/**
 * What a NumberInput hands over, as a number: it gives a string whenever its text is not the shortest form of the
 * number ("140.00" with fixed decimals, "35.50"), and such a value is still an amount the person typed.
 */
export function numberOf(value: number | string): number | '' {
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  const n = Number(value.trim());
  return value.trim() === '' || !Number.isFinite(n) ? '' : n;
}
