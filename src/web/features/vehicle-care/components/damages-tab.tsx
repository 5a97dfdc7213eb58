import type { Damage } from '@contracts/vehicle-care';
import type { historyList } from '@contracts/vehicles';
import { formatDateTime } from '@domain/time';
import { Alert, Anchor, Badge, Button, Group, Image, Loader, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { openConfirmModal } from '@web/components/overlays/deferred-overlays';
import { isApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useBlockDamage } from '../api/use-block-damage';
import { useChangeDamageStatus } from '../api/use-change-damage-status';
import { useDamages } from '../api/use-damages';
import { DamageReportDialog } from './damage-report-dialog';

/** A check-out of the vehicle's history (from the vehicles feature): its cleanliness marks. */
type HistoryEntry = z.infer<typeof historyList>['entries'][number];

const STATUS_COLOUR = { gemeldet: 'red', 'in Reparatur': 'orange', behoben: 'green' } as const;

/** Schäden: everybody sees and reports them; the fleet moves them on, blocks the vehicle as DEFEKT, and sees cleanliness at return. */
export function DamagesTab({ vehicleId, fleet, checkOuts }: { vehicleId: string; fleet: boolean; checkOuts: HistoryEntry[] }) {
  const { t } = useTranslation('vehicleCare');
  const damages = useDamages(vehicleId);
  const [reporting, setReporting] = useState(false);
  if (damages.isPending) return <Loader />;
  const list = damages.data?.damages ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('damages.open', { count: list.filter((d) => d.status !== 'behoben').length })}
        </Text>
        <Button onClick={() => setReporting(true)}>{t('damages.report')}</Button>
      </Group>
      {list.length === 0 && <Text c="dimmed">{t('damages.empty')}</Text>}
      {list.map((d) => (
        <DamageCard key={d.id} vehicleId={vehicleId} damage={d} fleet={fleet} />
      ))}
      {fleet && <Cleanliness entries={checkOuts} />}
      {reporting && <DamageReportDialog vehicleId={vehicleId} onClose={() => setReporting(false)} />}
    </Stack>
  );
}

function DamageCard({ vehicleId, damage: d, fleet }: { vehicleId: string; damage: Damage; fleet: boolean }) {
  const { t } = useTranslation('vehicleCare');
  const { t: tc } = useTranslation();
  const change = useChangeDamageStatus(vehicleId);
  const block = useBlockDamage(vehicleId);
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(isApiError(e) ? e.message : String(e));
  const move = (status: 'in Reparatur' | 'behoben') =>
    change.mutate({ damageId: d.id, status, note: null }, { onSuccess: () => setError(null), onError: fail });
  const confirmBlock = () =>
    void openConfirmModal({
      title: t('damages.blockTitle'),
      children: <Text size="sm">{t('damages.blockConfirm')}</Text>,
      labels: { confirm: t('damages.block'), cancel: tc('actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        block.mutate(d.id, {
          onSuccess: (r) => {
            setError(null);
            notifications.show({ color: 'red', message: t('damages.blocked', { count: r.cancelledBookings ?? 0 }) });
          },
          onError: fail,
        }),
    });
  return (
    <Paper withBorder p="sm" data-testid="damage" data-status={d.status}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Badge color={STATUS_COLOUR[d.status]} tt="none">
            {t(`damages.status.${d.status}`)}
          </Badge>
          {d.blocking && (
            <Badge color="red" variant="filled" data-testid="damage-blocking">
              DEFEKT
            </Badge>
          )}
          {d.fromTrip && (
            <Badge variant="outline" color="gray" tt="none">
              {t('damages.fromTrip')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('damages.reported', { at: formatDateTime(d.reportedAt), by: d.reportedBy ?? '–' })}
        </Text>
      </Group>
      <Text size="sm" mt={6} style={{ whiteSpace: 'pre-line' }}>
        {d.description}
      </Text>
      {d.photos.length > 0 && (
        <Group gap="xs" mt={6}>
          {d.photos.map((p, i) =>
            p.kind === 'pdf' ? (
              <Anchor key={p.url} href={p.url} target="_blank" size="xs">
                {t('damages.pdf', { position: i + 1 })}
              </Anchor>
            ) : (
              <Anchor key={p.url} href={p.url} target="_blank">
                <Image src={p.url} alt={t('damages.photoAlt', { position: i + 1 })} w={96} h={72} fit="cover" radius="sm" />
              </Anchor>
            ),
          )}
        </Group>
      )}
      {d.events.length > 1 && (
        <Timeline mt="sm" bulletSize={10} lineWidth={2} active={d.events.length}>
          {d.events.map((e) => (
            <Timeline.Item key={`${e.at}-${e.status}-${e.note ?? ''}`}>
              <Text size="xs">
                {formatDateTime(e.at)} · {t(`damages.status.${e.status as 'gemeldet'}`)}
                {e.note ? ` · ${e.note}` : ''}
                {e.by ? ` · ${e.by}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {error && (
        <Alert color="red" role="alert" mt="xs">
          {error}
        </Alert>
      )}
      {fleet && d.status !== 'behoben' && (
        <Group gap="xs" mt="sm" wrap="wrap">
          {d.status === 'gemeldet' && (
            <Button size="xs" variant="light" color="orange" onClick={() => move('in Reparatur')} loading={change.isPending}>
              {t('damages.toRepair')}
            </Button>
          )}
          <Button size="xs" variant="light" color="green" onClick={() => move('behoben')} loading={change.isPending}>
            {t('damages.resolve')}
          </Button>
          {!d.blocking && (
            <Button size="xs" variant="outline" color="red" onClick={confirmBlock} loading={block.isPending}>
              {t('damages.block')}
            </Button>
          )}
        </Group>
      )}
    </Paper>
  );
}

function Cleanliness({ entries }: { entries: HistoryEntry[] }) {
  const { t } = useTranslation('vehicleCare');
  const rated = entries.filter((e) => e.type === 'CHECK_OUT' && e.cleanlinessInside && e.cleanlinessOutside).slice(0, 20);
  return (
    <Stack gap={4} mt="md">
      <Title order={2} size="h4">
        {t('cleanliness.title')}
      </Title>
      {rated.length === 0 && <Text c="dimmed">{t('cleanliness.empty')}</Text>}
      {rated.map((e) => (
        <Group key={e.id} gap="xs" wrap="wrap" data-testid="cleanliness">
          <Text size="sm" w={130}>
            {formatDateTime(e.time)}
          </Text>
          <Badge variant="light" color={e.cleanlinessInside === 'sauber' ? 'green' : 'orange'} tt="none">
            {t('cleanliness.inside', { value: e.cleanlinessInside })}
          </Badge>
          <Badge variant="light" color={e.cleanlinessOutside === 'sauber' ? 'green' : 'orange'} tt="none">
            {t('cleanliness.outside', { value: e.cleanlinessOutside })}
          </Badge>
          <Text size="xs" c="dimmed">
            {e.user?.name ?? ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
