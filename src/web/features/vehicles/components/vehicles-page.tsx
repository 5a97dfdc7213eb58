import { formatDate } from '@domain/time';
import { addDays, berlinDay, berlinInstant, startOfDay, weekdayOf } from '@domain/vehicle-time';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Image,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { DeferredDateTimePicker } from '@web/components/dates/deferred-date-inputs';
import { DeferredSelect } from '@web/components/deferred/deferred-select';
import { ButtonLink } from '@web/components/links';
import { careBadges, useVehicleCare, type VehicleCare, type VehicleCareList } from '@web/features/vehicle-care/public';
import { useMediaQueryAfterHydration } from '@web/lib/use-after-hydration';
import type { TFunction } from 'i18next';
import { memo, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ObjectAttribute, useVehicleAttributes } from '../api/use-vehicle-attributes';
import { useVehicleEvents } from '../api/use-vehicle-events';
import { useVehicleLocations, type VehicleLocation } from '../api/use-vehicle-locations';
import { type TimelineBooking, timelinePeriod, useVehicleTimeline } from '../api/use-vehicle-timeline';
import { useVehicles, type Vehicle, type VehicleFilters, type VehicleList } from '../api/use-vehicles';
import { attributeText, valueText, vehicleName, weekdayList } from './format';
import { BookingDialog } from './lazy-dialogs';
import { type BookableTimes, TimelineLegend, type TimelineMode, VehicleTimeline } from './vehicle-timeline';

const ORDER = ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'];
const has = (a: ObjectAttribute, type: string) => a.conditions.some((c) => c.type === type);

function mondayOf(day: string): string {
  return addDays(day, -ORDER.indexOf(weekdayOf(day)));
}

/** Placeholder when a vehicle has no photo: a simple car or bike outline. */
function VehicleIcon({ bike }: { bike: boolean }) {
  return bike ? (
    <svg aria-hidden="true" width="70%" viewBox="0 0 56 36" fill="none" stroke="var(--mantine-color-gray-6)" strokeWidth="2.5">
      <circle cx="12" cy="24" r="9" />
      <circle cx="44" cy="24" r="9" />
      <path d="M12 24 L22 8 H36 L44 24 M22 8 L28 24 L36 8 M19 5 H26" />
    </svg>
  ) : (
    <svg aria-hidden="true" width="70%" viewBox="0 0 64 36" fill="none" stroke="var(--mantine-color-gray-6)" strokeWidth="2.5">
      <path d="M4 26 V18 L12 16 L20 6 H44 L54 16 L60 18 V26 H4 Z" />
      <circle cx="16" cy="27" r="5" fill="var(--mantine-color-gray-1)" />
      <circle cx="48" cy="27" r="5" fill="var(--mantine-color-gray-1)" />
      <path d="M22 9 H32 V16 H15 Z M35 9 H43 L50 16 H35 Z" />
    </svg>
  );
}

/** The picture: 72 × 48 on phones, 120 × 80 from Mantine's sm breakpoint. */
const PICTURE = { w: { base: 72, sm: 120 }, h: { base: 48, sm: 80 } };

const VehicleCard = memo(function VehicleCard({
  v,
  care,
  attributes,
  bookings,
  mode,
  startDay,
  bookable,
  onBook,
  t,
  language,
}: {
  v: Vehicle;
  care: VehicleCare | undefined;
  bookable: BookableTimes | null;
  attributes: ObjectAttribute[];
  bookings: TimelineBooking[];
  mode: TimelineMode;
  startDay: string;
  onBook: (v: Vehicle, day?: string, at?: Date) => void;
  /** The list's translation: one hook for the list, not three per card (decision 184). */
  t: TFunction<'vehicles'>;
  language: string;
}) {
  const name = vehicleName(v);
  const facts = [
    valueText(t, v.fuel),
    v.seats ? t('card.seats', { count: v.seats }) : null,
    v.gearbox ? valueText(t, v.gearbox) : null,
    v.airConditioning ? t('card.facts.ac') : null,
    v.navigation ? t('card.facts.nav') : null,
    v.requiredLicenseClass ? t('card.licence', { cls: v.requiredLicenseClass }) : null,
  ].filter(Boolean);
  const cardAttrs = attributes.filter((a) => has(a, 'SHOW_CARD') && v.attributes[a.id] !== undefined);
  const days = v.bookingTimes.weekdays.length === 7 ? t('card.everyDay') : weekdayList(t, v.bookingTimes.weekdays);
  return (
    <Card withBorder component="article" data-vehicle={v.licensePlate}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        {v.imageUrl ? (
          <Image src={v.imageUrl} alt={t('card.imageAlt', { name })} w={PICTURE.w} h={PICTURE.h} radius="sm" fit="cover" flex="none" />
        ) : (
          <Center w={PICTURE.w} h={PICTURE.h} bg="gray.1" flex="none" style={{ borderRadius: 'var(--mantine-radius-sm)' }} aria-hidden>
            <VehicleIcon bike={/rad|bike/i.test(v.category)} />
          </Center>
        )}
        <Stack gap={4} flex={1} miw={0}>
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h5">
              {name}
            </Title>
            <Group gap={6}>
              {careBadges(t, care)}
              <Badge variant="outline" size="lg" tt="none">
                {v.licensePlate}
              </Badge>
            </Group>
          </Group>
          <Text size="sm" c="dimmed">
            {v.locationName} · {valueText(t, v.category)}
          </Text>
          <Text size="xs">{facts.join(' · ')}</Text>
          {cardAttrs.length > 0 && (
            <Text size="xs" fw={500}>
              {cardAttrs
                .map((a) => `${a.label}: ${attributeText(a, v.attributes[a.id], t('attributes.yes'), t('attributes.no'))}`)
                .join(' · ')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('card.times', { days, from: v.bookingTimes.from, to: v.bookingTimes.to })}
            {v.bookingOutsidePossible ? ` · ${t('card.outsideTimes', { from: v.bookingTimes.from, to: v.bookingTimes.to })}` : ''}
          </Text>
        </Stack>
      </Group>
      <Stack gap={6} mt="sm">
        <VehicleTimeline
          name={name}
          bookings={bookings}
          mode={mode}
          startDay={startDay}
          bookable={bookable}
          onPick={(day, at) => onBook(v, day, at)}
          t={t}
          language={language}
        />
        <Group justify="flex-end" gap="md">
          <ButtonLink variant="default" size="xs" to="/fahrzeuge/$vehicleId" params={{ vehicleId: v.id }} search={{ tab: 'stammdaten' }}>
            {t('card.details')}
          </ButtonLink>
          <Button size="xs" onClick={() => onBook(v, startDay)} aria-label={`${t('card.book')}: ${name} ${v.licensePlate}`}>
            {t('card.book')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
});

/**
 * The hours a vehicle can be booked in, as the server's rules say: its own
 * booking times apply when the tenant uses individual times and booking
 * outside them is not possible for it (decisions 011, 032).
 */
function bookableTimes(v: Vehicle, rules: VehicleList['rules']): BookableTimes | null {
  return rules.individualTimes && !(v.bookingOutsidePossible && rules.outsideTimes) ? v.bookingTimes : null;
}

/** Mantine's `sm` breakpoint, from which the filters show without the phone's toggle. */
const SM_UP = '(min-width: 48em)';
const NO_BOOKINGS = new Map<string, TimelineBooking[]>();
const NO_TIMELINE: TimelineBooking[] = [];
const NO_ATTRIBUTES: ObjectAttribute[] = [];

/** The cards, memoised: the page's own state (filters open, the dialog) does not build them again. */
const VehicleCards = memo(function VehicleCards({
  list,
  care,
  attributes,
  byVehicle,
  mode,
  startDay,
  onBook,
}: {
  list: VehicleList;
  care: VehicleCareList | undefined;
  attributes: ObjectAttribute[];
  byVehicle: Map<string, TimelineBooking[]>;
  mode: TimelineMode;
  startDay: string;
  onBook: (v: Vehicle, day?: string, at?: Date) => void;
}) {
  const { t, i18n } = useTranslation('vehicles');
  return (
    <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
      {list.vehicles.map((v) => (
        <VehicleCard
          key={v.id}
          v={v}
          care={care?.vehicles[v.id]}
          bookable={bookableTimes(v, list.rules)}
          attributes={attributes}
          bookings={byVehicle.get(v.id) ?? NO_TIMELINE}
          mode={mode}
          startDay={startDay}
          onBook={onBook}
          t={t}
          language={i18n.language}
        />
      ))}
    </SimpleGrid>
  );
});

type FreePeriod = { from: string | null; to: string | null };
const NO_LOCATIONS: VehicleLocation[] = [];
const NO_CATEGORIES: string[] = [];

/**
 * The filter fields with the lists they offer. A component of their own that
 * reads those lists itself, so the answers that arrive while the page loads
 * build the fields and not the page again.
 */
const VehicleFilterFields = memo(function VehicleFilterFields({
  filters,
  setFilters,
  free,
  setFreePeriod,
}: {
  filters: VehicleFilters;
  setFilters: (next: VehicleFilters) => void;
  free: FreePeriod;
  setFreePeriod: (next: FreePeriod) => void;
}) {
  const { t } = useTranslation('vehicles');
  const locations = useVehicleLocations().data?.locations ?? NO_LOCATIONS;
  const categories = useVehicles(filters).data?.categories ?? NO_CATEGORIES;
  const attributes = useVehicleAttributes('FAHRZEUG').data?.attributes ?? NO_ATTRIBUTES;
  const filterAttrs = attributes.filter((a) => has(a, 'SHOW_FILTER'));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      <DeferredSelect
        label={t('filters.location')}
        placeholder={t('filters.allLocations')}
        data={locations.map((l) => ({ value: l.id, label: l.name }))}
        value={filters.locationId ?? null}
        onChange={(v) => setFilters({ ...filters, locationId: v ?? undefined })}
        clearable
      />
      <DeferredSelect
        label={t('filters.category')}
        placeholder={t('filters.allCategories')}
        data={categories}
        value={filters.category ?? null}
        onChange={(v) => setFilters({ ...filters, category: v ?? undefined })}
        clearable
      />
      <DeferredDateTimePicker
        label={t('filters.freeFrom')}
        valueFormat="DD.MM.YYYY HH:mm"
        value={free.from}
        onChange={(v) => setFreePeriod({ ...free, from: v })}
        clearable
      />
      <DeferredDateTimePicker
        label={t('filters.freeTo')}
        valueFormat="DD.MM.YYYY HH:mm"
        value={free.to}
        onChange={(v) => setFreePeriod({ ...free, to: v })}
        clearable
      />
      {filterAttrs.map((a) => (
        <DeferredSelect
          key={a.id}
          label={a.label}
          placeholder={t('filters.any')}
          data={
            a.type === 'CHECKBOX'
              ? [
                  { value: 'true', label: t('filters.yes') },
                  { value: 'false', label: t('filters.no') },
                ]
              : a.choices.map((c) => ({ value: c.key, label: c.text }))
          }
          value={filters.attributes?.[a.id] ?? null}
          onChange={(v) => setFilters({ ...filters, attributes: { ...filters.attributes, [a.id]: v ?? '' } })}
          clearable
        />
      ))}
    </SimpleGrid>
  );
});

/** Previous, today, next and the day/week choice of the timelines. */
const TimelineControls = memo(function TimelineControls({
  mode,
  setMode,
  label,
  onMove,
  onToday,
}: {
  mode: TimelineMode;
  setMode: (mode: TimelineMode) => void;
  label: string;
  onMove: (dir: number) => void;
  onToday: () => void;
}) {
  const { t } = useTranslation('vehicles');
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={() => onMove(-1)}>
          ‹ {t('timeline.previous')}
        </Button>
        <Button variant="default" size="xs" onClick={onToday}>
          {t('timeline.today')}
        </Button>
        <Button variant="default" size="xs" onClick={() => onMove(1)}>
          {t('timeline.next')} ›
        </Button>
        <Text component="span" size="sm" fw={600} aria-live="polite">
          {label}
        </Text>
      </Group>
      <SegmentedControl
        size="xs"
        value={mode}
        onChange={(next) => setMode(next as TimelineMode)}
        data={[
          { value: 'day', label: t('timeline.day') },
          { value: 'week', label: t('timeline.week') },
        ]}
      />
    </Group>
  );
});

/**
 * The vehicle list with everything its cards show. The answers that arrive
 * while the page loads (vehicles, timeline, care marks, attributes) render
 * this part only, not the title, filters and controls above it (docs/product.md#performance-budgets:
 * total blocking time).
 */
const VehicleListSection = memo(function VehicleListSection({
  filters,
  mode,
  startDay,
  onBook,
}: {
  filters: VehicleFilters;
  mode: TimelineMode;
  startDay: string;
  onBook: (v: Vehicle, day?: string, at?: Date) => void;
}) {
  const { t } = useTranslation('vehicles');
  const { t: tc } = useTranslation();
  const vehicles = useVehicles(filters);
  const care = useVehicleCare();
  const attributes = useVehicleAttributes('FAHRZEUG');
  const { from, to } = timelinePeriod(startDay, mode === 'day' ? 1 : 7);
  const timeline = useVehicleTimeline(from, to);
  const byVehicle = timeline.data?.byVehicle ?? NO_BOOKINGS;
  // The cards wait until everything they show has come (or failed), so they render once and not again
  // with every answer (docs/product.md#performance-budgets: total blocking time; decision 184).
  const settled = (q: { isPending: boolean }) => !q.isPending;
  const shown = settled(timeline) && settled(attributes) && settled(care) ? vehicles.data : undefined;
  if (vehicles.isError) return <Alert color="red">{tc('errors.loadFailed')}</Alert>;
  if (!shown) return <Loader />;
  return (
    <>
      <Text size="sm" c="dimmed">
        {shown.vehicles.length ? t('filters.count', { count: shown.vehicles.length }) : t('filters.none')}
      </Text>
      <TimelineLegend />
      <VehicleCards
        list={shown}
        care={care.data}
        attributes={attributes.data?.attributes ?? NO_ATTRIBUTES}
        byVehicle={byVehicle}
        mode={mode}
        startDay={startDay}
        onBook={onBook}
      />
    </>
  );
});

/** /fahrzeuge: filters, vehicle cards with day/week timeline, booking dialog; live updates over SSE. */
export function VehiclesPage({ myId }: { myId: string }) {
  const { t } = useTranslation('vehicles');
  const { t: tc } = useTranslation();
  useDocumentTitle(`${t('title')} · ${tc('appName')}`);
  const today = berlinDay(new Date());
  const [mode, setMode] = useState<TimelineMode>('day');
  const [anchor, setAnchor] = useState(today);
  const [filters, setFilters] = useState<VehicleFilters>({});
  const [free, setFree] = useState<FreePeriod>({ from: null, to: null });
  const setFreePeriod = useCallback((next: FreePeriod) => {
    setFree(next);
    // Mantine's value is a Berlin wall time 'YYYY-MM-DD HH:mm:ss'.
    const iso = (v: string | null) => (v ? berlinInstant(v.slice(0, 10), v.slice(11, 16)).toISOString() : undefined);
    const from = iso(next.from);
    const to = iso(next.to);
    setFilters((f) => ({ ...f, freeFrom: from && to && to > from ? from : undefined, freeTo: from && to && to > from ? to : undefined }));
  }, []);
  const [dialog, setDialog] = useState<{ vehicle: Vehicle; day?: string; at?: Date } | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // A phone shows the filters only when opened: until then they are not built either.
  // as on a desktop until hydrated, like the server's HTML (decision 222)
  const wide = useMediaQueryAfterHydration(SM_UP, true);
  const activeFilters =
    (filters.locationId ? 1 : 0) +
    (filters.category ? 1 : 0) +
    (free.from || free.to ? 1 : 0) +
    Object.values(filters.attributes ?? {}).filter((x) => x !== '').length;
  const startDay = mode === 'day' ? anchor : mondayOf(anchor);
  const onEvent = useCallback(
    (type: string) => {
      if (type === 'created') notifications.show({ message: t('live.created'), color: 'blue', autoClose: 2500 });
      if (type === 'cancelled') notifications.show({ message: t('live.cancelled'), color: 'gray', autoClose: 2500 });
    },
    [t],
  );
  useVehicleEvents(onEvent);

  const onBook = useCallback(
    (vehicle: Vehicle, day?: string, at?: Date) =>
      setDialog({ vehicle, ...(day ? { day: day < today ? today : day } : {}), ...(at ? { at } : {}) }),
    [today],
  );
  const onMove = useCallback((dir: number) => setAnchor((a) => addDays(a, dir * (mode === 'day' ? 1 : 7))), [mode]);
  const onToday = useCallback(() => setAnchor(today), [today]);
  const label =
    mode === 'day'
      ? `${formatDate(startOfDay(anchor))}`
      : `${formatDate(startOfDay(startDay))} – ${formatDate(startOfDay(addDays(startDay, 6)))}`;

  return (
    <Stack gap="md">
      <Title order={1}>{t('title')}</Title>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      {/* Phones: the filters wait behind one button so the first vehicle is on the first screen. */}
      <Button
        hiddenFrom="sm"
        variant={activeFilters ? 'light' : 'default'}
        onClick={() => setFiltersOpen((o) => !o)}
        aria-expanded={filtersOpen}
        aria-controls="vehicle-filters"
        data-testid="filter-toggle"
      >
        {activeFilters ? t('filters.toggleActive', { count: activeFilters }) : t('filters.toggle')}
      </Button>
      <Paper
        withBorder
        p="sm"
        component="section"
        visibleFrom={filtersOpen ? undefined : 'sm'}
        id="vehicle-filters"
        aria-label={t('filters.title')}
      >
        {(filtersOpen || wide) && (
          <VehicleFilterFields filters={filters} setFilters={setFilters} free={free} setFreePeriod={setFreePeriod} />
        )}
      </Paper>
      <TimelineControls mode={mode} setMode={setMode} label={label} onMove={onMove} onToday={onToday} />
      <VehicleListSection filters={filters} mode={mode} startDay={startDay} onBook={onBook} />
      <BookingDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        vehicle={dialog?.vehicle ?? null}
        initialDay={dialog?.day}
        initialAt={dialog?.at}
        myId={myId}
      />
    </Stack>
  );
}
