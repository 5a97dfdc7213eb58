import type { Vehicle } from '@contracts/vehicles';
import { formatDateTime } from '@domain/time';
import { Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useVehicleCare } from '@web/features/vehicle-care/public';
import { useMe } from '@web/lib/use-me';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useVehicle } from '../../api/use-vehicle';
import { type HistoryEntry, useVehicleHistory } from '../../api/use-vehicle-history';
import type { DetailTab } from './tabs';

const isoToGerman = (day: string | null) => (day ? day.split('-').reverse().join('.') : null);

/**
 * The tabs other features own: the logbook's, and vehicle care's service
 * booklet and damages. The route hands them in, so they stay in the detail
 * screen's code and out of the vehicle list, which shows vehicle care's marks
 * (decision 215).
 */
export interface DetailTabSlots {
  Logbook: ComponentType<{ vehicleId: string; mayExport: boolean }>;
  ServiceBooklet: ComponentType<{ vehicleId: string; mayEdit: boolean }>;
  Damages: ComponentType<{ vehicleId: string; fleet: boolean; checkOuts: HistoryEntry[] }>;
  Costs: ComponentType<{ vehicleId: string; mayEdit: boolean; electric: boolean }>;
  TripChecks: ComponentType<{ vehicleId: string }>;
}

/** Vehicle detail: master data and history, with the logbook, service booklet and damages (with cleanliness) tabs. */
export function VehicleDetailPage({
  vehicleId,
  tab,
  onTab,
  tabs: { Logbook, ServiceBooklet, Damages, Costs, TripChecks },
}: {
  vehicleId: string;
  tab: DetailTab;
  onTab: (tab: DetailTab) => void;
  tabs: DetailTabSlots;
}) {
  const { t } = useTranslation('vehicleDetail');
  const me = useMe();
  const fleet = me.permissions.includes('fahrzeug_pflege');
  const mayExport = me.permissions.includes('fahrzeug_logbuch_report');
  const booklet = fleet || mayExport;
  const vehicle = useVehicle(vehicleId);
  const history = useVehicleHistory(vehicleId, fleet);
  // The app's default freshness (30 s), as this screen had before the lists shared the query.
  const care = useVehicleCare({ staleTime: 30_000 }).data?.vehicles[vehicleId];
  if (vehicle.isPending) return <Loader />;
  if (!vehicle.data) return <Text>{t('notFound')}</Text>;
  const v = vehicle.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={fleet ? '/admin/fahrzeuge' : '/fahrzeuge'} size="sm">
        ← {t('back')}
      </Anchor>
      <Group gap="sm" align="baseline" wrap="wrap">
        <Title order={1} size="h2">
          {v.brand} {v.model}
        </Title>
        <Badge size="lg" variant="outline">
          {v.licensePlate}
        </Badge>
        {care?.defect && (
          <Badge size="lg" color="red" variant="filled" data-testid="vehicle-defect">
            {t('defect')}
          </Badge>
        )}
      </Group>
      <Tabs value={tab} onChange={(value) => value && onTab(value as DetailTab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="stammdaten">{t('tabs.master')}</Tabs.Tab>
          <Tabs.Tab value="fahrtenbuch">{t('tabs.logbook')}</Tabs.Tab>
          {booklet && <Tabs.Tab value="serviceheft">{t('tabs.service')}</Tabs.Tab>}
          <Tabs.Tab value="schaeden">{t('tabs.damages')}</Tabs.Tab>
          {booklet && <Tabs.Tab value="kosten">{t('tabs.costs')}</Tabs.Tab>}
          {booklet && <Tabs.Tab value="kontrollen">{t('tabs.checks')}</Tabs.Tab>}
          {fleet && <Tabs.Tab value="verlauf">{t('tabs.history')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="stammdaten" pt="md">
          <MasterData vehicle={v} />
        </Tabs.Panel>
        <Tabs.Panel value="fahrtenbuch" pt="md">
          <Logbook vehicleId={vehicleId} mayExport={mayExport} />
        </Tabs.Panel>
        {booklet && (
          <Tabs.Panel value="serviceheft" pt="md">
            <ServiceBooklet vehicleId={vehicleId} mayEdit={fleet} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="schaeden" pt="md">
          <Damages vehicleId={vehicleId} fleet={fleet} checkOuts={history.data?.entries ?? []} />
        </Tabs.Panel>
        {booklet && (
          <Tabs.Panel value="kosten" pt="md">
            <Costs vehicleId={vehicleId} mayEdit={fleet} electric={v.fuel === 'Elektro'} />
          </Tabs.Panel>
        )}
        {booklet && (
          <Tabs.Panel value="kontrollen" pt="md">
            <TripChecks vehicleId={vehicleId} />
          </Tabs.Panel>
        )}
        {fleet && (
          <Tabs.Panel value="verlauf" pt="md">
            <History entries={history.data?.entries ?? []} loading={history.isPending} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

function MasterData({ vehicle: v }: { vehicle: Vehicle }) {
  const { t } = useTranslation('vehicleDetail');
  const none = t('master.none');
  const facts = [
    v.airConditioning && t('master.facts.ac'),
    v.navigation && t('master.facts.nav'),
    v.cruiseControl && t('master.facts.cruise'),
    v.seatHeating && t('master.facts.heating'),
  ].filter(Boolean);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md" data-testid="vehicle-master-data">
      <Field label={t('master.plate')} value={v.licensePlate} />
      <Field label={t('master.location')} value={v.locationName} />
      <Field label={t('master.category')} value={v.category} />
      <Field label={t('master.fuel')} value={v.fuel} />
      <Field label={t('master.power')} value={v.powerKw === null ? none : t('master.powerValue', { kw: v.powerKw })} />
      <Field label={t('master.gearbox')} value={v.gearbox ?? none} />
      <Field label={t('master.seats')} value={v.seats ?? none} />
      <Field label={t('master.doors')} value={v.doors ?? none} />
      <Field label={t('master.trunk')} value={v.trunkBags ?? none} />
      <Field label={t('master.colour')} value={v.colour ?? none} />
      <Field label={t('master.licence')} value={v.requiredLicenseClass ?? none} />
      <Field
        label={t('master.valid')}
        value={t('master.validRange', {
          from: isoToGerman(v.validFrom) ?? t('master.open'),
          to: isoToGerman(v.validTo) ?? t('master.open'),
        })}
      />
      <Field
        label={t('master.bookingTimes')}
        value={`${v.bookingTimes.weekdays.join(', ')} · ${v.bookingTimes.from}–${v.bookingTimes.to}`}
      />
      <Field label={t('master.equipment')} value={facts.length ? facts.join(', ') : none} />
    </SimpleGrid>
  );
}

function History({ entries, loading }: { entries: HistoryEntry[]; loading: boolean }) {
  const { t } = useTranslation('vehicleDetail');
  if (loading) return <Loader />;
  if (entries.length === 0) return <Text c="dimmed">{t('history.empty')}</Text>;
  return (
    <Stack gap="xs">
      {entries.map((e) => (
        <Paper key={e.id} withBorder p="sm" data-testid="history-entry">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Badge variant="light">{t(`history.types.${e.type}`)}</Badge>
            <Text size="xs" c="dimmed">
              {formatDateTime(e.time)}
              {e.user ? ` · ${e.user.name}` : ''}
            </Text>
          </Group>
          {e.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {e.description}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {[
              e.mileage !== null ? t('history.km', { km: e.mileage }) : null,
              e.fuelPercent !== null ? t('history.fuel', { value: e.fuelPercent }) : null,
              e.cleanlinessInside && e.cleanlinessOutside
                ? t('history.cleanliness', { inside: e.cleanlinessInside, outside: e.cleanlinessOutside })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
