import { formatDate } from '@domain/time';
import { Anchor, Group, Text } from '@mantine/core';
import { useTenant } from '@web/lib/use-tenant';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LegalText } from './legal-text-dialog';

const LegalTextDialog = lazy(() => import('./legal-text-dialog'));

/** Footer with Datenschutz and Impressum; both open the tenant's texts from /api/tenant in a modal (loaded on first use). */
export function AppFooter() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const [open, setOpen] = useState<LegalText | null>(null);
  const [used, setUsed] = useState(false);

  const link = (kind: LegalText) => (
    <Anchor
      href={kind === 'privacy' ? '#datenschutz' : '#impressum'}
      size="sm"
      onClick={(event) => {
        event.preventDefault();
        setUsed(true);
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
      {used ? (
        <Suspense fallback={null}>
          <LegalTextDialog open={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </Group>
  );
}
