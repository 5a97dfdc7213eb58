import { useTranslation } from 'react-i18next';

/** Translator of the readingRooms namespace (room administration texts). */
export function useAT() {
  const { t } = useTranslation('readingRooms');
  return (key: string, options?: Record<string, unknown>): string => (t as unknown as (k: string, o?: object) => string)(key, options);
}
