import { Alert, Drawer, Loader } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The drawer beside a person's row in the fleet's lists (licence checks,
 * driver instructions): full width on a phone, from the right on a desktop,
 * with the loading and error states of the person's history; `children`
 * renders the entries once they are there.
 */
export function PersonHistoryDrawer<T>({
  open,
  title,
  onClose,
  history,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  history: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Drawer
      opened={open}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={title}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {open && history.isPending && <Loader size="sm" />}
      {history.isError && <Alert color="red">{history.error?.message}</Alert>}
      {history.data !== undefined && children(history.data)}
    </Drawer>
  );
}
