import { Loader, Modal, Text } from '@mantine/core';
import { useTenant } from '@web/lib/use-tenant';
import { useTranslation } from 'react-i18next';

export type LegalText = 'privacy' | 'imprint';

/** Datenschutz / Impressum of the tenant in a modal; loaded with the first click on a footer link (docs/product.md#performance-budgets). */
export default function LegalTextDialog({ open, onClose }: { open: LegalText | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tenant = useTenant();
  const text = open === 'privacy' ? tenant.data?.privacyText : open === 'imprint' ? tenant.data?.imprintText : undefined;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      opened={open !== null}
      onClose={onClose}
      title={open ? t(`footer.${open}`) : ''}
      size="lg"
    >
      {tenant.isPending ? (
        <Loader size="sm" />
      ) : tenant.isError ? (
        <Text>{tenant.error.message}</Text>
      ) : (
        <Text style={{ whiteSpace: 'pre-wrap' }}>{text?.trim() ? text : t('footer.empty')}</Text>
      )}
    </Modal>
  );
}
