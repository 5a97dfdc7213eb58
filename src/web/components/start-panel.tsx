import { formatDate } from '@domain/time';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMe } from '@web/lib/use-me';
import { useTranslation } from 'react-i18next';

const FEATURES = ['fahrzeug', 'leseraum', 'arbeitswelt', 'gastbuchung', 'spinde'] as const;
type KnownFeature = (typeof FEATURES)[number];

function isKnownFeature(feature: string): feature is KnownFeature {
  return (FEATURES as readonly string[]).includes(feature);
}

/**
 * Start panel of /fahrzeuge and /leseraum/karte until their booking screens
 * arrive: who is signed in, for which tenant, what is switched on, and today.
 */
export function StartPanel({ area }: { area: string }) {
  const { t } = useTranslation();
  const me = useMe();
  useDocumentTitle(`${area} · ${t('appName')}`);
  const today = formatDate(new Date());

  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>{t('start.welcome', { firstName: me.user.firstName, lastName: me.user.lastName })}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder padding="lg">
          <Text size="sm" c="dimmed">
            {t('start.tenant')}
          </Text>
          <Text size="lg" fw={600} data-testid="start-tenant">
            {me.tenant.name}
          </Text>
        </Card>
        <Card withBorder padding="lg">
          <Text size="sm" c="dimmed">
            {t('start.today')}
          </Text>
          <Text size="lg" fw={600} data-testid="start-today">
            {today}
          </Text>
        </Card>
        <Card withBorder padding="lg">
          <Text size="sm" c="dimmed">
            {t('start.department')}
          </Text>
          <Text size="lg" fw={600} data-testid="start-department">
            {me.user.department?.name ?? t('start.noDepartment')}
          </Text>
        </Card>
        <Card withBorder padding="lg">
          <Text size="sm" c="dimmed" id="start-features-label">
            {t('start.features')}
          </Text>
          {me.features.length > 0 ? (
            <Group gap="xs" mt={6} role="list" aria-labelledby="start-features-label">
              {me.features.map((feature) => (
                <Badge key={feature} variant="light" size="lg" role="listitem" tt="none">
                  {isKnownFeature(feature) ? t(`features.${feature}`) : feature}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text mt={6}>{t('start.noFeatures')}</Text>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
