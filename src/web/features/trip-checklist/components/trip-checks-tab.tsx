import { formatDateTime } from '@domain/time';
import { Badge, Group, List, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTripChecks } from '../api/use-trip-checks';

/**
 * The vehicle detail's tab of answered checks before the trip (fleet and logbook reports): newest first, each
 * with the checklist's version, the driver, whether the trip started, and every point not in order with its
 * note, in the wording it was answered with.
 */
export function TripChecksTab({ vehicleId }: { vehicleId: string }) {
  const { t } = useTranslation('tripChecklist');
  const checks = useTripChecks(vehicleId);
  if (checks.isPending) return <Loader />;
  const list = checks.data?.checks ?? [];
  if (list.length === 0) return <Text c="dimmed">{t('checks.none')}</Text>;
  return (
    <Stack gap="xs" data-testid="trip-checks">
      {list.map((c) => {
        const failed = c.answers.filter((a) => !a.ok);
        return (
          <Paper key={c.id} withBorder p="sm" radius="sm" data-check-outcome={c.outcome}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text size="sm" fw={500}>
                  {t('checks.answeredBy', { date: formatDateTime(new Date(c.answeredAt)), driver: c.driver ?? '–' })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('checks.version', { name: c.checklist, version: c.version })}
                </Text>
              </div>
              <Badge color={c.outcome === 'angetreten' ? 'green' : 'red'} variant="light">
                {t(`checks.${c.outcome}`)}
              </Badge>
            </Group>
            {failed.length === 0 ? (
              <Text size="sm" c="dimmed" mt={4}>
                {t('checks.allOk')}
              </Text>
            ) : (
              <>
                <Text size="sm" mt={4}>
                  {t('checks.notOk', { count: failed.length })}
                </Text>
                <List size="sm" spacing={2}>
                  {failed.map((a) => (
                    <List.Item key={a.label}>
                      <Text span size="sm" fw={500}>
                        {a.label}
                      </Text>
                      {a.critical && (
                        <Badge ml={6} size="xs" color="red" variant="light">
                          {t('admin.critical')}
                        </Badge>
                      )}
                      {a.note && <Text span size="sm">{` – ${a.note}`}</Text>}
                      {a.damageId && <Text span size="xs" c="dimmed">{` (${t('checks.damage')})`}</Text>}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
