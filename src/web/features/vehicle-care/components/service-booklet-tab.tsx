import { formatDate } from '@domain/time';
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ServiceBooklet, useServiceEntries } from '../api/use-service-entries';
import { ServiceEntryDialog } from './service-entry-dialog';

type Entry = ServiceBooklet['entries'][number];

/** A failed UVV inspection stands out; a passed one reads as settled. */
const UVV_RESULT_COLOR: Record<NonNullable<Entry['uvvResult']>, string> = {
  'ohne Mängel': 'green',
  'Mängel behoben': 'teal',
  'Mängel – nicht betriebssicher': 'red',
};

const euro = (value: number, lang: string) =>
  new Intl.NumberFormat(lang.startsWith('en') ? 'en-US' : 'de-DE', { style: 'currency', currency: 'EUR' }).format(value);

/** Serviceheft: due dates first, then every entry (newest first); fleet managers add and edit. */
export function ServiceBookletTab({ vehicleId, mayEdit }: { vehicleId: string; mayEdit: boolean }) {
  const { t, i18n } = useTranslation('vehicleCare');
  const booklet = useServiceEntries(vehicleId, true);
  const [editing, setEditing] = useState<Entry | 'new' | null>(null);
  if (booklet.isPending) return <Loader />;
  const data = booklet.data;
  if (!data) return <Text c="dimmed">{t('service.forbidden')}</Text>;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          {data.due.map((d) => (
            <Badge
              key={d.kind}
              color={d.state === 'ueberfaellig' ? 'red' : d.state === 'faellig' ? 'orange' : 'gray'}
              variant={d.state ? 'filled' : 'light'}
              tt="none"
              data-testid="service-due"
            >
              {t(`service.due.${d.state ?? 'planned'}`, {
                kind: t(`service.kinds.${d.kind as 'Inspektion'}`),
                date: formatDate(d.nextDueOn),
              })}
            </Badge>
          ))}
          <Text size="sm" c="dimmed">
            {t('service.total', { count: data.entries.length, cost: euro(data.totalCost, i18n.language) })}
          </Text>
        </Group>
        {mayEdit && <Button onClick={() => setEditing('new')}>{t('service.add')}</Button>}
      </Group>
      {data.entries.length === 0 && <Text c="dimmed">{t('service.empty')}</Text>}
      {data.entries.map((e) => (
        <Paper key={e.id} withBorder p="sm" data-testid="service-entry">
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Group gap="xs" wrap="wrap">
              <Badge variant="light" tt="none">
                {t(`service.kinds.${e.kind}`)}
              </Badge>
              {e.uvvResult && (
                <Badge variant="light" tt="none" color={UVV_RESULT_COLOR[e.uvvResult]} data-testid="uvv-result">
                  {t(`service.uvvResults.${e.uvvResult}`)}
                </Badge>
              )}
              <Text size="sm" fw={500}>
                {formatDate(e.performedOn)}
              </Text>
            </Group>
            {mayEdit && (
              <Button size="xs" variant="subtle" onClick={() => setEditing(e)} aria-label={`${t('service.edit')}: ${e.description}`}>
                {t('service.edit')}
              </Button>
            )}
          </Group>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line' }}>
            {e.description}
          </Text>
          <Text size="xs" c="dimmed">
            {[
              e.odometer !== null ? t('service.km', { km: e.odometer.toLocaleString('de-DE') }) : null,
              e.cost !== null ? euro(e.cost, i18n.language) : null,
              e.workshop,
              e.inspector ? t('service.inspectedBy', { name: e.inspector }) : null,
              e.nextDueOn ? t('service.nextDue', { date: formatDate(e.nextDueOn) }) : null,
              e.period
                ? t('service.period', { from: formatDate(e.period.von), to: formatDate(new Date(new Date(e.period.bis).getTime() - 1)) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {e.receipts.length > 0 && (
            <Group gap="xs" mt={4}>
              {e.receipts.map((r, i) => (
                <Anchor key={r.url} href={r.url} target="_blank" size="xs">
                  {t('service.receipt', { position: i + 1, kind: r.kind.toUpperCase() })}
                </Anchor>
              ))}
            </Group>
          )}
        </Paper>
      ))}
      {editing && (
        <ServiceEntryDialog
          vehicleId={vehicleId}
          entry={editing === 'new' ? null : editing}
          intervalMonths={data.uvvIntervalMonths}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
