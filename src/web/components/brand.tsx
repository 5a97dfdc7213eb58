import { Anchor, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTenant } from '@web/lib/use-tenant';
import { useTranslation } from 'react-i18next';

/** Word mark "Buchbar" (links home) with the tenant's name beside it. */
export function Brand({ tenantName, to = '/' }: { tenantName?: string; to?: '/' | '/login' }) {
  const { t } = useTranslation();
  const { t: tn } = useTranslation('nav');
  const logo = useTenant().data?.logoVersion;
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      {logo ? (
        <img src={`/api/tenant/logo?v=${encodeURIComponent(logo)}`} alt="" height={28} style={{ maxWidth: 96, objectFit: 'contain' }} />
      ) : null}
      <Anchor component={Link} to={to} underline="never" aria-label={tn('home')} fw={800} fz="xl" c="buchbar.8">
        {t('appName')}
      </Anchor>
      {tenantName ? (
        <Text size="sm" c="dimmed" truncate="end" miw={0}>
          {tenantName}
        </Text>
      ) : null}
    </Group>
  );
}
