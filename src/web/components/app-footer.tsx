import { useState } from 'react';
import { Anchor, Group, Loader, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../domain/time';
import { useTenant } from '../features/tenant/api/use-tenant';

type LegalText = 'privacy' | 'imprint';

/** Footer with Datenschutz and Impressum; both open the tenant's texts from /api/tenant in a modal. */
export function AppFooter() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const [open, setOpen] = useState<LegalText | null>(null);
  const text = open === 'privacy' ? tenant.data?.privacyText : open === 'imprint' ? tenant.data?.imprintText : undefined;

  const link = (kind: LegalText) => (
    <Anchor
      href={kind === 'privacy' ? '#datenschutz' : '#impressum'}
      size="sm"
      onClick={(event) => {
        event.preventDefault();
        setOpen(kind);
      }}
    >
      {t(`footer.${kind}`)}
    </Anchor>
  );

  return (
    <Group component="footer" justify="center" gap="lg" py="md" aria-label={t('footer.label')}>
      {tenant.data ? (
        <Text size="sm" c="dimmed">
          © {formatDate(new Date()).slice(6)} {tenant.data.name}
        </Text>
      ) : null}
      <Group gap="lg" wrap="nowrap">
        {link('privacy')}
        {link('imprint')}
      </Group>
      <Modal closeButtonProps={{ 'aria-label': t('actions.close') }} opened={open !== null} onClose={() => setOpen(null)} title={open ? t(`footer.${open}`) : ''} size="lg">
        {tenant.isPending ? (
          <Loader size="sm" />
        ) : tenant.isError ? (
          <Text>{tenant.error.message}</Text>
        ) : (
          <Text style={{ whiteSpace: 'pre-wrap' }}>{text?.trim() ? text : t('footer.empty')}</Text>
        )}
      </Modal>
    </Group>
  );
}
