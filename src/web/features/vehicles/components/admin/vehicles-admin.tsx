import {
  Alert,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { useState } from 'react';
import '@mantine/dates/styles.css';
import '@web/lib/dayjs';
import { ATTRIBUTE_TARGETS, ATTRIBUTE_TYPES, CONDITION_TYPES } from '@contracts/vehicles';
import { formatDateTime } from '@domain/time';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { KEYBOARD_SCROLL } from '@web/components/keyboard-scroll';
import { openConfirmModal } from '@web/components/overlays/deferred-overlays';
import { CareBadges, useVehicleCare } from '@web/features/vehicle-care/public';
import { useBlockVehicle, useDeactivateVehicle, useVehicleHistory } from '@web/features/vehicles/api/use-admin-vehicles';
import { useSaveAttribute } from '@web/features/vehicles/api/use-save-attribute';
import { type ObjectAttribute, useVehicleAttributes } from '@web/features/vehicles/api/use-vehicle-attributes';
import { useVehicles, type Vehicle } from '@web/features/vehicles/api/use-vehicles';
import { isApiError } from '@web/lib/api-client';
import { dayjs } from '@web/lib/dayjs';
import { useTranslation } from 'react-i18next';
import { valueText, vehicleName } from '../format';
import { VehicleForm } from './vehicle-form';

function HistoryDrawer({ vehicle, onClose }: { vehicle: Vehicle | null; onClose: () => void }) {
  const { t } = useTranslation('vehicles');
  const history = useVehicleHistory(vehicle?.id ?? null);
  return (
    <Drawer
      opened={vehicle !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={vehicle ? t('admin.historyTitle', { name: `${vehicleName(vehicle)} (${vehicle.licensePlate})` }) : ''}
    >
      {history.isPending && <Loader />}
      {history.data?.entries.length === 0 && <Text c="dimmed">{t('admin.historyEmpty')}</Text>}
      <Stack gap="xs">
        {history.data?.entries.map((e) => (
          <Card key={e.id} withBorder padding="xs">
            <Group justify="space-between">
              <Badge variant="light" tt="none">
                {t(`admin.historyTypes.${e.type}`)}
              </Badge>
              <Text size="xs" c="dimmed">
                {formatDateTime(e.time)}
                {e.user ? ` · ${e.user.name}` : ''}
              </Text>
            </Group>
            {e.description && (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }} mt={4}>
                {e.description}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {[
                e.mileage !== null ? t('admin.km', { km: e.mileage.toLocaleString('de-DE') }) : null,
                e.fuelPercent !== null ? t('admin.fuelValue', { value: e.fuelPercent }) : null,
                e.cleanlinessInside ? `${t('trip.cleanInside')}: ${t(`cleanliness.${e.cleanlinessInside as 'sauber'}`)}` : null,
                e.cleanlinessOutside ? `${t('trip.cleanOutside')}: ${t(`cleanliness.${e.cleanlinessOutside as 'sauber'}`)}` : null,
                e.parkingSpaceName,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            {e.damages.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a history entry's damages never change order
              <Text key={i} size="xs" c="red.8">
                {t('trip.damages')}: {d.description}
              </Text>
            ))}
          </Card>
        ))}
      </Stack>
    </Drawer>
  );
}

function BlockDialog({ vehicle, onClose }: { vehicle: Vehicle | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('vehicles');
  const { t: tc } = useTranslation();
  const block = useBlockVehicle();
  const [type, setType] = useState<'WARTUNG' | 'SERVICE' | 'DEFEKT'>('WARTUNG');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!vehicle) return null;
  const iso = (v: string | null) => (v ? dayjs.tz(v, 'YYYY-MM-DD HH:mm:ss', 'Europe/Berlin').toISOString() : '');
  return (
    <Modal opened onClose={onClose} title={t('admin.blockTitle', { name: vehicleName(vehicle) })}>
      <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'de', firstDayOfWeek: 1 }}>
        <Stack>
          <Select
            label={t('admin.blockType')}
            data={(['WARTUNG', 'SERVICE', 'DEFEKT'] as const).map((x) => ({ value: x, label: t(`types.${x}`) }))}
            value={type}
            onChange={(v) => setType((v as typeof type) ?? 'WARTUNG')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <DateTimePicker label={t('admin.blockFrom')} valueFormat="DD.MM.YYYY HH:mm" value={from} onChange={setFrom} />
          <DateTimePicker label={t('admin.blockTo')} valueFormat="DD.MM.YYYY HH:mm" value={to} onChange={setTo} />
          <Textarea
            label={t('admin.blockDescription')}
            withAsterisk
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          {error && <Alert color="red">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tc('actions.cancel')}
            </Button>
            <Button
              color="orange"
              loading={block.isPending}
              disabled={!from || !to || !description.trim()}
              onClick={() =>
                block.mutate(
                  { id: vehicle.id, body: { type, von: iso(from), bis: iso(to), description: description.trim() } },
                  {
                    onSuccess: (r) => {
                      notifications.show({ color: 'green', message: t('admin.blocked', { count: r.cancelledBookings }) });
                      onClose();
                    },
                    onError: (e) => setError(isApiError(e) ? e.message : tc('errors.unknown')),
                  },
                )
              }
            >
              {t('admin.block')}
            </Button>
          </Group>
        </Stack>
      </DatesProvider>
    </Modal>
  );
}

function AttributesAdmin() {
  const { t } = useTranslation('vehicles');
  const { t: tc } = useTranslation();
  const vehicleAttrs = useVehicleAttributes('FAHRZEUG');
  const tripAttrs = useVehicleAttributes('FAHRZEUG_VERLAUF');
  const save = useSaveAttribute();
  const [target, setTarget] = useState<'FAHRZEUG' | 'FAHRZEUG_VERLAUF'>('FAHRZEUG');
  const [type, setType] = useState<(typeof ATTRIBUTE_TYPES)[number]>('TEXT');
  const [label, setLabel] = useState('');
  const [choices, setChoices] = useState('');
  const [conditions, setConditions] = useState<string[]>([]);
  const [dependent, setDependent] = useState<string | null>(null);
  const [dependentValue, setDependentValue] = useState('');
  const [sortOrder, setSortOrder] = useState<number>(0);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const all: ObjectAttribute[] = [...(vehicleAttrs.data?.attributes ?? []), ...(tripAttrs.data?.attributes ?? [])];
  /** Loads an attribute into the form (or empties it), so one form creates and edits. */
  const edit = (a: ObjectAttribute | null) => {
    setError(null);
    setEditingId(a?.id ?? null);
    setTarget(a?.target ?? 'FAHRZEUG');
    setType(a?.type ?? 'TEXT');
    setLabel(a?.label ?? '');
    setChoices((a?.choices ?? []).map((c) => (c.key === c.text ? c.key : `${c.key}=${c.text}`)).join('\n'));
    setConditions((a?.conditions ?? []).map((c) => c.type));
    const showIf = a?.conditions.find((c) => c.type === 'SHOW_IF');
    setDependent(showIf?.dependentAttributeId ?? null);
    setDependentValue(showIf?.value ?? '');
    setSortOrder(a?.sortOrder ?? 0);
  };
  const submit = () => {
    setError(null);
    save.mutate(
      {
        ...(editingId ? { id: editingId } : {}),
        input: {
          target,
          type,
          label: label.trim(),
          choices: choices
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean)
            .map((l) => {
              const [key, ...rest] = l.split('=');
              return { key: key!.trim(), text: (rest.join('=') || key!).trim() };
            }),
          conditions: conditions.map((c) =>
            c === 'SHOW_IF'
              ? { type: c, value: dependentValue || null, dependentAttributeId: dependent }
              : { type: c, value: null, dependentAttributeId: null },
          ),
          sortOrder,
        },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('admin.attributeSaved') });
          edit(null);
        },
        onError: (e) => setError(isApiError(e) ? e.message : tc('errors.unknown')),
      },
    );
  };
  return (
    <Card withBorder component="section" aria-label={t('admin.attributesTitle')}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('admin.attributesTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.attributesIntro')}
        </Text>
        {/* Phones: the table scrolls inside its own box instead of widening the page. */}
        <Table.ScrollContainer minWidth={560} scrollAreaProps={KEYBOARD_SCROLL}>
          <Table>
            <Table.Tbody>
              {all.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.label}</Table.Td>
                  <Table.Td>{t(`admin.targets.${a.target}`)}</Table.Td>
                  <Table.Td>{t(`admin.attributeTypes.${a.type}`)}</Table.Td>
                  <Table.Td>{a.conditions.map((c) => t(`admin.conditionTypes.${c.type}`)).join(', ')}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" onClick={() => edit(a)} aria-label={`${t('admin.attributeEdit')}: ${a.label}`}>
                      {t('admin.attributeEdit')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('admin.attribute.target')}
            data={ATTRIBUTE_TARGETS.map((x) => ({ value: x, label: t(`admin.targets.${x}`) }))}
            value={target}
            onChange={(v) => setTarget((v as typeof target) ?? 'FAHRZEUG')}
            allowDeselect={false}
          />
          <Select
            label={t('admin.attribute.type')}
            data={ATTRIBUTE_TYPES.map((x) => ({ value: x, label: t(`admin.attributeTypes.${x}`) }))}
            value={type}
            onChange={(v) => setType((v as typeof type) ?? 'TEXT')}
            allowDeselect={false}
          />
          <TextInput label={t('admin.attribute.label')} withAsterisk value={label} onChange={(e) => setLabel(e.currentTarget.value)} />
        </SimpleGrid>
        {(type === 'RADIOS' || type === 'DROPDOWN') && (
          <Textarea
            label={t('admin.attribute.choices')}
            value={choices}
            onChange={(e) => setChoices(e.currentTarget.value)}
            autosize
            minRows={2}
            placeholder={'ja=Ja\nnein=Nein'}
          />
        )}
        <MultiSelect
          label={t('admin.attribute.conditions')}
          data={CONDITION_TYPES.map((x) => ({ value: x, label: t(`admin.conditionTypes.${x}`) }))}
          value={conditions}
          onChange={setConditions}
        />
        {conditions.includes('SHOW_IF') && (
          <SimpleGrid cols={2}>
            <Select
              label={t('admin.attribute.showIfAttribute')}
              data={all.filter((a) => a.target === target).map((a) => ({ value: a.id, label: a.label }))}
              value={dependent}
              onChange={setDependent}
            />
            <TextInput
              label={t('admin.attribute.showIfValue')}
              value={dependentValue}
              onChange={(e) => setDependentValue(e.currentTarget.value)}
            />
          </SimpleGrid>
        )}
        <NumberInput
          label={t('admin.attribute.sortOrder')}
          value={sortOrder}
          onChange={(v) => setSortOrder(Number(v) || 0)}
          min={0}
          w={160}
        />
        {error && <Alert color="red">{error}</Alert>}
        <Group gap="sm">
          <Button onClick={submit} disabled={!label.trim()} loading={save.isPending}>
            {editingId ? t('admin.attributeUpdate') : t('admin.attributeAdd')}
          </Button>
          {editingId && (
            <Button variant="default" onClick={() => edit(null)}>
              {t('admin.attributeCancelEdit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** /admin/fahrzeuge: the fleet with create, edit, deactivate, block and history; object attributes. */
export function VehiclesAdmin() {
  const { t } = useTranslation('vehicles');
  const { t: tc } = useTranslation();
  useDocumentTitle(`${t('admin.title')} · ${tc('appName')}`);
  const desktop = useMediaQuery('(min-width: 62em)', true);
  const vehicles = useVehicles();
  const care = useVehicleCare().data?.vehicles;
  const deactivate = useDeactivateVehicle();
  const [editing, setEditing] = useState<{ vehicle: Vehicle | null } | null>(null);
  const [blocking, setBlocking] = useState<Vehicle | null>(null);
  const [history, setHistory] = useState<Vehicle | null>(null);
  const confirmDeactivate = (v: Vehicle) =>
    void openConfirmModal({
      title: t('admin.deactivateTitle'),
      children: <Text size="sm">{t('admin.deactivateConfirm', { name: vehicleName(v), plate: v.licensePlate })}</Text>,
      labels: { confirm: t('admin.deactivate'), cancel: tc('actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deactivate.mutate(v.id, {
          onSuccess: (r) => notifications.show({ color: 'green', message: t('admin.deactivated', { count: r.cancelledBookings }) }),
          onError: (e) => notifications.show({ color: 'red', message: isApiError(e) ? e.message : tc('errors.unknown') }),
        }),
    });
  const actions = (v: Vehicle) => (
    <Group gap={4} wrap="wrap">
      <Button
        size="compact-xs"
        variant="default"
        onClick={() => setEditing({ vehicle: v })}
        aria-label={`${t('admin.edit')}: ${v.licensePlate}`}
      >
        {t('admin.edit')}
      </Button>
      <Button
        size="compact-xs"
        variant="default"
        renderRoot={(props) => <Link {...props} to="/fahrzeuge/$vehicleId" params={{ vehicleId: v.id }} search={{ tab: 'fahrtenbuch' }} />}
      >
        {t('admin.details')}
      </Button>
      <Button size="compact-xs" variant="default" onClick={() => setHistory(v)}>
        {t('admin.history')}
      </Button>
      <Button size="compact-xs" variant="light" color="orange" onClick={() => setBlocking(v)}>
        {t('admin.block')}
      </Button>
      <Button size="compact-xs" variant="subtle" color="red" onClick={() => confirmDeactivate(v)}>
        {t('admin.deactivate')}
      </Button>
    </Group>
  );
  const list = vehicles.data?.vehicles ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} style={{ hyphens: 'auto', overflowWrap: 'anywhere' }}>
          {t('admin.title')}
        </Title>
        <Button onClick={() => setEditing({ vehicle: null })}>{t('admin.add')}</Button>
      </Group>
      {vehicles.isPending && <Loader />}
      {vehicles.data && list.length === 0 && <Text c="dimmed">{t('admin.empty')}</Text>}
      {desktop ? (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.columns.vehicle')}</Table.Th>
              <Table.Th>{t('admin.columns.plate')}</Table.Th>
              <Table.Th>{t('admin.columns.location')}</Table.Th>
              <Table.Th>{t('admin.columns.category')}</Table.Th>
              <Table.Th>{t('admin.columns.times')}</Table.Th>
              <Table.Th>{t('admin.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((v) => (
              <Table.Tr key={v.id} data-vehicle={v.licensePlate}>
                <Table.Td>{vehicleName(v)}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    {v.licensePlate}
                    <CareBadges care={care?.[v.id]} />
                  </Group>
                </Table.Td>
                <Table.Td>{v.locationName}</Table.Td>
                <Table.Td>{valueText(t, v.category)}</Table.Td>
                <Table.Td>
                  {v.bookingTimes.weekdays.map((d) => t(`admin.weekdays.${d}`)).join(', ')} · {v.bookingTimes.from}–{v.bookingTimes.to}
                </Table.Td>
                <Table.Td>{actions(v)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Stack gap="xs">
          {list.map((v) => (
            <Card key={v.id} withBorder padding="sm" data-vehicle={v.licensePlate}>
              <Text fw={600}>
                {vehicleName(v)} · {v.licensePlate}
              </Text>
              <Group gap={6}>
                <CareBadges care={care?.[v.id]} />
              </Group>
              <Text size="sm" c="dimmed">
                {v.locationName} · {valueText(t, v.category)}
              </Text>
              {actions(v)}
            </Card>
          ))}
        </Stack>
      )}
      <AttributesAdmin />
      <VehicleForm opened={editing !== null} vehicle={editing?.vehicle ?? null} onClose={() => setEditing(null)} />
      <BlockDialog vehicle={blocking} onClose={() => setBlocking(null)} />
      <HistoryDrawer vehicle={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}
