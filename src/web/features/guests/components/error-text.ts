import { isApiError } from '@web/lib/api-client';
import { useTranslation } from 'react-i18next';

/**
 * Public pages have no signed-in user whose language the server could use,
 * so the server answers in German; in English the page words known codes
 * itself and keeps the server's German text for anything else.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation('guests');
  return (error: Error): string => {
    if (i18n.language !== 'en' || !isApiError(error)) return error.message;
    const key = `errors.${error.code}`;
    return i18n.exists(key, { ns: 'guests' }) ? t(key as 'errors.validation') : error.message;
  };
}
