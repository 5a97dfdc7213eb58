import { useTranslation } from 'react-i18next';

/** Translator of the readingRooms namespace (keys checked against the German catalogue by a unit test). */
export function useRT() {
  const { t } = useTranslation('readingRooms');
  return (key: string, options?: Record<string, unknown>): string => (t as unknown as (k: string, o?: object) => string)(key, options);
}
