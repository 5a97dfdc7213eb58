import { Alert } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/**
 * Offline (installed app without a connection): the screen shows what the
 * service worker kept from the last visit (own bookings), marked as such;
 * booking needs the network and says so (decision 097).
 */
export function OfflineNotice() {
  const { t } = useTranslation('common');
  const { online } = useNetwork();
  if (online) return null;
  return (
    <Alert color="orange" variant="light" mb="md" role="status" data-testid="offline-notice">
      {t('errors.offlineNotice')}
    </Alert>
  );
}
