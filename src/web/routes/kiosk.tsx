import { Alert } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { KioskLayout } from '../components/layouts/kiosk-layout';
import { KioskBoard } from '../features/reading-rooms/kiosk/components/kiosk-board';
import { tokenSearch } from '../lib/search-params';

/** docs/product.md#screens: /kiosk (kiosk layout). No user session: the link's token binds tenant and floor plan. */
export const Route = createFileRoute('/kiosk')({
  validateSearch: tokenSearch,
  component: KioskPage,
});

function KioskPage() {
  const { t } = useTranslation('readingRooms');
  const { token } = Route.useSearch();
  return <KioskLayout>{token ? <KioskBoard token={token} /> : <Alert color="red">{t('kiosk.missingToken')}</Alert>}</KioskLayout>;
}
