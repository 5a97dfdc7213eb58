import {
  ActionIcon,
  Alert,
  Button,
  Code,
  Divider,
  FileInput,
  Grid,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@mantine/dates/styles.css';
import type { AdminObjectDto, Area, FloorPlanDto } from '@contracts/reading-rooms';
import { formatDate } from '@domain/time';
import { notifications } from '@mantine/notifications';
import '@web/lib/dayjs';
import { useEquipment, useSaveEquipment } from '../api/use-equipment';
import { useKioskLinks, useSaveKioskLink } from '../api/use-kiosk-links';
import { useLocations } from '../api/use-locations';
import { useObjects } from '../api/use-objects';
import { useOpeningHours, useSaveOpeningHours } from '../api/use-opening-hours';
import { usePlans } from '../api/use-plans';
import { useSaveObject } from '../api/use-save-object';
import { useSavePlan } from '../api/use-save-plan';
import { useSavePositions } from '../api/use-save-positions';
import { useUploadPlanImage } from '../api/use-upload-plan-image';
import { useAT } from '../use-at';
import { errorText, fail, parseGerman, TIMES } from './form-helpers';
import { HolidaysSection, PeriodsSection, WeekHoursTable } from './opening-periods';
import { PlanEditor } from './plan-editor';
import { RemovalActions } from './removal-actions';

function PlanForm({ plan, onSaved }: { plan: FloorPlanDto | null; onSaved: (p: FloorPlanDto) => void }) {
  const at = useAT();
  const locations = useLocations();
  const save = useSavePlan();
  const [name, setName] = useState(plan?.name ?? '');
  const [area, setArea] = useState<Area>(plan?.area ?? 'leseraum');
  const [locationId, setLocationId] = useState<string | null>(plan?.location?.id ?? null);
  useEffect(() => {
    setName(plan?.name ?? '');
    setArea(plan?.area ?? 'leseraum');
    setLocationId(plan?.location?.id ?? null);
  }, [plan]);
  return (
    <Group align="flex-end" gap="sm">
      <TextInput label={at('admin.planName')} value={name} onChange={(e) => setName(e.currentTarget.value)} w={240} required />
      <Select
        label={at('admin.planArea')}
        data={[
          { value: 'leseraum', label: at('area.leseraum') },
          { value: 'arbeitswelt', label: at('area.arbeitswelt') },
        ]}
        value={area}
        onChange={(v) => v && setArea(v as Area)}
        allowDeselect={false}
        w={180}
      />
      <Select
        label={at('admin.planLocation')}
        data={(locations.data?.locations ?? []).map((l) => ({ value: l.id, label: l.name }))}
        value={locationId}
        onChange={setLocationId}
        placeholder={at('admin.noLocation')}
        clearable
        w={220}
      />
      <Button
        onClick={() =>
          save.mutate(
            { id: plan?.id, name, area, locationId },
            {
              onSuccess: (p) => {
                notifications.show({ color: 'green', message: at('admin.saved') });
                onSaved(p);
              },
              onError: fail(at('notify.failed')),
            },
          )
        }
        loading={save.isPending}
        disabled={!name.trim()}
      >
        {plan ? at('admin.save') : at('admin.create')}
      </Button>
    </Group>
  );
}

function ObjectForm({
  planId,
  planActive,
  object,
  onSaved,
  onDeleted,
}: {
  planId: string;
  planActive: boolean;
  object: AdminObjectDto;
  onSaved: () => void;
  onDeleted: () => void;
}) {
  const at = useAT();
  const catalogue = useEquipment();
  const save = useSaveObject(planId);
  const [draft, setDraft] = useState(object);
  useEffect(() => setDraft(object), [object]);
  const set = <K extends keyof AdminObjectDto>(k: K, v: AdminObjectDto[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const unused = (catalogue.data?.equipment ?? []).filter((e) => !draft.equipment.some((x) => x.id === e.id));
  return (
    <Stack gap="xs" data-testid="object-form">
      <Group grow>
        <TextInput label={at('admin.designation')} value={draft.designation} onChange={(e) => set('designation', e.currentTarget.value)} />
        <Select
          label={at('admin.kind')}
          data={[
            { value: 'platz', label: at('kind.platz') },
            { value: 'raum', label: at('kind.raum') },
          ]}
          value={draft.kind}
          onChange={(v) => v && set('kind', v as 'platz' | 'raum')}
          allowDeselect={false}
        />
        <NumberInput
          label={at('admin.capacity')}
          min={1}
          max={500}
          value={draft.capacity}
          onChange={(v) => set('capacity', Number(v) || 1)}
        />
      </Group>
      <Textarea
        label={at('admin.description')}
        value={draft.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        autosize
        minRows={1}
      />
      <Textarea
        label={at('admin.conditions')}
        value={draft.conditions}
        onChange={(e) => set('conditions', e.currentTarget.value)}
        autosize
        minRows={1}
      />
      <Text size="sm" fw={600}>
        {at('admin.equipment')}
      </Text>
      {draft.equipment.map((e) => (
        <Group key={e.id} gap="xs" wrap="nowrap">
          <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
            {e.name}
          </Text>
          <NumberInput
            aria-label={`${at('admin.count')} ${e.name}`}
            min={1}
            max={999}
            w={80}
            value={e.count}
            onChange={(v) =>
              set(
                'equipment',
                draft.equipment.map((x) => (x.id === e.id ? { ...x, count: Number(v) || 1 } : x)),
              )
            }
          />
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() =>
              set(
                'equipment',
                draft.equipment.filter((x) => x.id !== e.id),
              )
            }
          >
            {at('admin.remove')}
          </Button>
        </Group>
      ))}
      {unused.length > 0 ? (
        <Select
          placeholder={at('admin.addEquipment')}
          aria-label={at('admin.addEquipment')}
          data={unused.map((e) => ({ value: e.id, label: e.name }))}
          value={null}
          onChange={(v) => {
            const e = unused.find((x) => x.id === v);
            if (e) set('equipment', [...draft.equipment, { id: e.id, name: e.name, count: 1 }]);
          }}
          w={240}
        />
      ) : null}
      <Group justify="flex-end">
        <Button
          onClick={() =>
            save.mutate(
              {
                id: draft.id,
                kind: draft.kind,
                designation: draft.designation,
                capacity: draft.capacity,
                description: draft.description,
                conditions: draft.conditions,
                equipment: draft.equipment.map((e) => ({ id: e.id, count: e.count })),
              },
              {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: at('admin.saved') });
                  onSaved();
                },
                onError: fail(at('notify.failed')),
              },
            )
          }
          loading={save.isPending}
        >
          {at('admin.save')}
        </Button>
      </Group>
      <Divider />
      <RemovalActions
        subject={{ target: 'object', id: object.id, name: object.designation }}
        active={object.active}
        planActive={planActive}
        onDeleted={onDeleted}
      />
    </Stack>
  );
}

function PlansTab({ planId, plan }: { planId: string | null; plan: FloorPlanDto | null }) {
  const at = useAT();
  const objects = useObjects(planId);
  const upload = useUploadPlanImage();
  const positions = useSavePositions(planId ?? '');
  const saveObject = useSaveObject(planId ?? '');
  const [selected, setSelected] = useState<string | null>(null);
  if (!planId || !plan) return null;
  const list = objects.data?.objects ?? [];
  const selectedObject = list.find((o) => o.id === selected) ?? null;
  const add = (kind: 'platz' | 'raum') => {
    const prefix = kind === 'raum' ? 'Raum' : 'P';
    let n = list.length + 1;
    while (list.some((o) => o.designation === `${prefix}-${n}`)) n++;
    saveObject.mutate(
      { kind, designation: `${prefix}-${n}`, capacity: kind === 'raum' ? 4 : 1, x: 50, y: 50, equipment: [] },
      { onSuccess: (o) => setSelected(o.id), onError: fail(at('notify.failed')) },
    );
  };
  return (
    <Stack gap="sm">
      <FileInput
        label={at('admin.uploadImage')}
        accept="image/png,image/jpeg"
        w={360}
        onChange={(file) =>
          file &&
          upload.mutate(
            { id: planId, file },
            { onSuccess: () => notifications.show({ color: 'green', message: at('admin.uploaded') }), onError: fail(at('notify.failed')) },
          )
        }
        disabled={upload.isPending}
        clearable
      />
      <Group gap="xs">
        <Title order={3} size="h4">
          {at('admin.objects')}
        </Title>
        <Button size="compact-sm" variant="light" onClick={() => add('platz')} loading={saveObject.isPending}>
          {at('admin.newObject')}
        </Button>
        <Button size="compact-sm" variant="light" onClick={() => add('raum')} loading={saveObject.isPending}>
          {at('admin.newRoom')}
        </Button>
      </Group>
      {objects.isPending ? <Loader /> : null}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <PlanEditor
            plan={plan}
            objects={list}
            selectedId={selected}
            onSelect={setSelected}
            onMove={(id, x, y) =>
              positions.mutate([{ id, x, y }], {
                onSuccess: () => notifications.show({ color: 'green', message: at('admin.positionsSaved'), autoClose: 1500 }),
                onError: fail(at('notify.failed')),
              })
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder p="sm">
            {selectedObject ? (
              <ObjectForm
                planId={planId}
                planActive={plan.active}
                object={selectedObject}
                onSaved={() => undefined}
                onDeleted={() => setSelected(null)}
              />
            ) : (
              <Text c="dimmed">{at('admin.selectObject')}</Text>
            )}
          </Paper>
          <Select
            mt="sm"
            label={at('admin.objects')}
            data={list.map((o) => ({ value: o.id, label: `${o.designation}${o.active ? '' : ` (${at('admin.removal.inactiveMark')})`}` }))}
            value={selected}
            onChange={setSelected}
            searchable
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function EquipmentTab() {
  const at = useAT();
  const list = useEquipment();
  const save = useSaveEquipment();
  const [name, setName] = useState('');
  return (
    <Stack maw={520}>
      <Group align="flex-end">
        <TextInput label={at('admin.newEquipment')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Button
          onClick={() => save.mutate({ name }, { onSuccess: () => setName(''), onError: fail(at('notify.failed')) })}
          disabled={!name.trim()}
          loading={save.isPending}
        >
          {at('admin.create')}
        </Button>
      </Group>
      <Table>
        <Table.Tbody>
          {(list.data?.equipment ?? []).map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{e.name}</Table.Td>
              <Table.Td align="right">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => save.mutate({ id: e.id, remove: true }, { onError: fail(at('notify.failed')) })}
                >
                  {at('admin.remove')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function HoursTab({ planId }: { planId: string }) {
  const at = useAT();
  const { i18n } = useTranslation();
  const hours = useOpeningHours(planId);
  const save = useSaveOpeningHours(planId);
  const [regular, setRegular] = useState(hours.data?.regular ?? []);
  useEffect(() => setRegular(hours.data?.regular ?? []), [hours.data]);
  const [dev, setDev] = useState<{ from: string | null; to: string | null; status: 'offen' | 'geschlossen'; von: string; bis: string }>({
    from: null,
    to: null,
    status: 'geschlossen',
    von: '08:00',
    bis: '18:00',
  });
  if (!hours.data) return <Loader />;
  return (
    <Stack>
      <Title order={3} size="h4">
        {at('admin.openingHours')}
      </Title>
      <WeekHoursTable value={regular} onChange={setRegular} />
      <Group>
        <Button
          onClick={() =>
            save.regular.mutate(regular, {
              onSuccess: () => notifications.show({ color: 'green', message: at('admin.saved') }),
              onError: fail(at('notify.failed')),
            })
          }
          loading={save.regular.isPending}
        >
          {at('admin.save')}
        </Button>
      </Group>

      <PeriodsSection planId={planId} hours={hours.data} />
      <HolidaysSection planId={planId} hours={hours.data} />

      <Title order={3} size="h4" mt="md">
        {at('admin.deviating')}
      </Title>
      {hours.data.deviating.length === 0 ? <Text c="dimmed">{at('admin.noDeviating')}</Text> : null}
      {hours.data.deviating.map((d) => (
        <Group key={d.id} gap="sm" data-testid="deviating-row">
          <Text>
            {formatDate(`${d.validFrom}T12:00:00Z`)}–{formatDate(`${d.validTo}T12:00:00Z`)}:{' '}
            {d.status === 'offen' ? `${at('admin.statusOffen')} ${d.von}–${d.bis}` : at('admin.statusGeschlossen')}
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => save.removeDeviation.mutate(d.id, { onError: fail(at('notify.failed')) })}
          >
            {at('admin.remove')}
          </Button>
        </Group>
      ))}
      <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'de', firstDayOfWeek: 1 }}>
        <Group align="flex-end" gap="sm">
          <DateInput
            label={at('admin.validFrom')}
            placeholder="TT.MM.JJJJ"
            value={dev.from}
            onChange={(v) => setDev({ ...dev, from: v ? String(v).slice(0, 10) : null, to: dev.to ?? (v ? String(v).slice(0, 10) : null) })}
            valueFormat="DD.MM.YYYY"
            dateParser={parseGerman}
            w={150}
          />
          <DateInput
            label={at('admin.validTo')}
            placeholder="TT.MM.JJJJ"
            value={dev.to}
            onChange={(v) => setDev({ ...dev, to: v ? String(v).slice(0, 10) : null })}
            valueFormat="DD.MM.YYYY"
            dateParser={parseGerman}
            minDate={dev.from ?? undefined}
            w={150}
          />
          <Select
            label={at('admin.status')}
            data={[
              { value: 'geschlossen', label: at('admin.statusGeschlossen') },
              { value: 'offen', label: at('admin.statusOffen') },
            ]}
            value={dev.status}
            onChange={(v) => v && setDev({ ...dev, status: v as 'offen' | 'geschlossen' })}
            allowDeselect={false}
            w={150}
            data-testid="deviating-status"
          />
          {dev.status === 'offen' ? (
            <>
              <Select
                label={at('toolbar.from')}
                data={TIMES}
                value={dev.von}
                onChange={(v) => v && setDev({ ...dev, von: v })}
                w={100}
                allowDeselect={false}
              />
              <Select
                label={at('toolbar.to')}
                data={TIMES}
                value={dev.bis}
                onChange={(v) => v && setDev({ ...dev, bis: v })}
                w={100}
                allowDeselect={false}
              />
            </>
          ) : null}
          <Button
            disabled={!dev.from || !dev.to}
            loading={save.addDeviation.isPending}
            onClick={() =>
              save.addDeviation.mutate(
                { validFrom: dev.from!, validTo: dev.to!, status: dev.status, von: dev.von, bis: dev.bis },
                { onSuccess: () => notifications.show({ color: 'green', message: at('admin.saved') }), onError: fail(at('notify.failed')) },
              )
            }
          >
            {at('admin.addDeviating')}
          </Button>
        </Group>
      </DatesProvider>
    </Stack>
  );
}

function KioskTab({ planId }: { planId: string }) {
  const at = useAT();
  const links = useKioskLinks();
  const save = useSaveKioskLink();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  return (
    <Stack maw={720}>
      <Group align="flex-end">
        <TextInput label={at('admin.kioskName')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Button
          disabled={!name.trim()}
          loading={save.create.isPending}
          onClick={() =>
            save.create.mutate(
              { floorPlanId: planId, name },
              {
                onSuccess: (r) => {
                  setCreated(r.url);
                  setName('');
                },
                onError: fail(at('notify.failed')),
              },
            )
          }
        >
          {at('admin.kioskCreate')}
        </Button>
      </Group>
      {created ? (
        <Alert color="blue">
          <Text size="sm">{at('admin.kioskOnce')}</Text>
          <Code block data-testid="kiosk-url">
            {created}
          </Code>
        </Alert>
      ) : null}
      <Table>
        <Table.Tbody>
          {(links.data?.links ?? []).map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{l.name}</Table.Td>
              <Table.Td>{l.floorPlanName}</Table.Td>
              <Table.Td>{formatDate(l.createdAt)}</Table.Td>
              <Table.Td align="right">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => save.revoke.mutate(l.id, { onError: fail(at('notify.failed')) })}
                >
                  {at('admin.kioskRevoke')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** /admin/raeume: floor plans with plan image, seats and rooms dragged into place, equipment, opening hours, kiosk links. */
export function RoomAdmin({
  planId: wanted,
  tab,
  onPlan,
  onTab,
  extraTabs = [],
}: {
  planId?: string;
  tab: string;
  onPlan: (id: string) => void;
  onTab: (tab: string) => void;
  /** Tabs of other features for the chosen plan, composed by the route (the occupancy's "Website"). */
  extraTabs?: readonly { value: string; label: string; render: (planId: string) => ReactNode }[];
}) {
  const at = useAT();
  const plans = usePlans();
  const [creating, setCreating] = useState(false);
  const list = plans.data?.floorPlans ?? [];
  const planId = list.some((p) => p.id === wanted) ? wanted! : (list[0]?.id ?? null);
  const plan = list.find((p) => p.id === planId) ?? null;
  if (plans.isPending) return <Loader />;
  if (plans.error) return <Alert color="red">{errorText(plans.error)}</Alert>;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {at('admin.title')}
      </Title>
      <Group align="flex-end" gap="sm">
        <Select
          label={at('admin.floorPlans')}
          data={list.map((p) => ({
            value: p.id,
            label: `${p.name} (${at(`area.${p.area}`)}${p.active ? '' : ` – ${at('admin.removal.inactiveMark')}`})`,
          }))}
          value={planId}
          onChange={(v) => {
            if (!v) return;
            setCreating(false);
            onPlan(v);
          }}
          allowDeselect={false}
          w={320}
        />
        <ActionIcon.Group>
          <Button variant="light" onClick={() => setCreating(true)}>
            {at('admin.newPlan')}
          </Button>
        </ActionIcon.Group>
      </Group>
      {creating ? (
        <Paper withBorder p="sm">
          <PlanForm
            plan={null}
            onSaved={(p) => {
              setCreating(false);
              onPlan(p.id);
            }}
          />
        </Paper>
      ) : plan ? (
        <Stack gap="xs">
          <PlanForm plan={plan} onSaved={() => undefined} />
          {!plan.active ? (
            <Alert color="gray" variant="light" data-testid="plan-inactive">
              {at('admin.removal.planInactive')}
            </Alert>
          ) : null}
          <RemovalActions subject={{ target: 'plan', id: plan.id, name: plan.name }} active={plan.active} size="sm" />
        </Stack>
      ) : null}
      {planId ? (
        <Tabs value={tab} onChange={(v) => v && onTab(v)} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="plan">{at('admin.objects')}</Tabs.Tab>
            <Tabs.Tab value="ausstattung">{at('admin.catalogue')}</Tabs.Tab>
            <Tabs.Tab value="oeffnungszeiten">{at('admin.openingHours')}</Tabs.Tab>
            <Tabs.Tab value="kiosk">{at('admin.kiosk')}</Tabs.Tab>
            {extraTabs.map((x) => (
              <Tabs.Tab key={x.value} value={x.value}>
                {x.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="plan" pt="md">
            <PlansTab planId={planId} plan={plan} />
          </Tabs.Panel>
          <Tabs.Panel value="ausstattung" pt="md">
            <EquipmentTab />
          </Tabs.Panel>
          <Tabs.Panel value="oeffnungszeiten" pt="md">
            <HoursTab planId={planId} />
          </Tabs.Panel>
          <Tabs.Panel value="kiosk" pt="md">
            <KioskTab planId={planId} />
          </Tabs.Panel>
          {extraTabs.map((x) => (
            <Tabs.Panel key={x.value} value={x.value} pt="md">
              {x.render(planId)}
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : null}
    </Stack>
  );
}
