import type { Area, BookingMode, MapObjectDto } from '@contracts/reading-rooms';
import { shownFloorPlanId } from '@domain/floor-plan-choice';
import { formatDate } from '@domain/time';
import { ActionIcon, Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { AbsenceButton } from '@web/components/absence-button';
import { DeferredDatePickerInput } from '@web/components/dates/deferred-date-inputs';
import { DeferredSelect } from '@web/components/deferred/deferred-select';
import { SegmentChoice } from '@web/components/segment-choice';
import { isApiError } from '@web/lib/api-client';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useBootstrap } from '../api/use-bootstrap';
import { useCheckInObject } from '../api/use-check-in-object';
import { useFloorPlanMap } from '../api/use-floor-plan-map';
import { useLiveMap } from '../api/use-live-map';
import { useSaveFavourites } from '../api/use-save-favourites';
import { useTeamDay } from '../api/use-team-day';
import { mapParamsOf } from '../map-params';
import type { Ansicht, ReadingRoomSearch } from '../search';
import { nearestFreeDesk, teamByDesk } from '../team';
import { timeSteps } from '../time-steps';
import { useRT } from '../use-rt';
import { FloorPlanMap } from './floor-plan-map';
import { MapLegend } from './map-legend';

const NO_OBJECTS: MapObjectDto[] = [];

// Loaded when needed, not with the first screen (DESIGN §7, decision 006).
const BookingDialog = lazy(() => import('./booking-dialog').then((m) => ({ default: m.BookingDialog })));
const ConfirmDeepLink = lazy(() => import('./confirm-deep-link'));
// The list view (table, equipment filter) loads with /…/liste only.
const SeatList = lazy(() => import('./seat-list').then((m) => ({ default: m.SeatList })));

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

interface ReadingRoomPageProps {
  area: Area;
  view: Ansicht;
  search: ReadingRoomSearch;
  onSearch: (patch: Partial<ReadingRoomSearch>) => void;
  onView: (view: Ansicht) => void;
}

/** One engine for /leseraum/* and /arbeitswelt/*: toolbar, map or list, booking dialog, deep links. */
export function ReadingRoomPage({ area, view, search, onSearch, onView }: ReadingRoomPageProps) {
  const rt = useRT();
  const boot = useBootstrap(area);
  const [selected, setSelected] = useState<string | null>(null);
  const saveFavourites = useSaveFavourites(area);
  // Below Mantine's md breakpoint the sidebar is the burger menu (app-frame).
  const phone = !useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

  const plans = boot.data?.floorPlans ?? [];
  const planId = shownFloorPlanId(plans, boot.data?.favourites.floorPlanId ?? null, search.grundriss);
  const date = search.datum ?? boot.data?.today ?? null;
  const hourly = search.buchungsmodus === 'stuendlich';
  const mode: BookingMode = hourly ? 'stuendlich' : (search.tageszeit ?? 'ganztags');
  const map = useFloorPlanMap(boot.data ? mapParamsOf(boot.data, search) : null);
  useLiveMap(map.data?.refreshAt);

  const favourites = useMemo(() => new Set(boot.data?.favourites.objectIds ?? []), [boot.data?.favourites.objectIds]);
  // „Mein Team heute“ (decision 110): only in the workplace area; the API answers nothing without the switches.
  const teamDay = useTeamDay(date, area === 'arbeitswelt');
  const team = useMemo(() => teamByDesk(teamDay.data?.colleagues), [teamDay.data?.colleagues]);
  // With React (development) markers and list rows render in a background pass it can interrupt; the build's
  // Preact layer has no such pass, so the map shows its markers in steps (floor-plan-map.tsx; decision 172).
  const shownMap = useDeferredValue(map.data);
  const select = useCallback((o: MapObjectDto) => setSelected(o.id), []);
  const filter = search.filter ?? 'aus';
  const visible = useCallback(
    (o: MapObjectDto) =>
      filter === 'frei'
        ? o.state === 'frei' || (o.state === 'teilweise' && o.freePlaces > 0)
        : filter === 'favoriten'
          ? favourites.has(o.id)
          : true,
    [filter, favourites],
  );
  const steps = useMemo(
    () =>
      map.data?.day.von && map.data.day.bis && boot.data
        ? timeSteps(map.data.day.von, map.data.day.bis, boot.data.limits.intervalMinutes)
        : [],
    [map.data?.day.von, map.data?.day.bis, boot.data],
  );

  const toggleFavourite = (objectId: string) => {
    const ids = favourites.has(objectId) ? [...favourites].filter((id) => id !== objectId) : [...favourites, objectId];
    saveFavourites.mutate(
      { floorPlanId: boot.data?.favourites.floorPlanId ?? null, objectIds: ids },
      { onSuccess: () => notifications.show({ color: 'green', message: rt('notify.favouritesSaved') }) },
    );
  };

  // Deep link of the kiosk QR code: check in this object's reservation of the signed-in user.
  const checkInObject = useCheckInObject();
  const handledCheckIn = useRef<string | null>(null);
  useEffect(() => {
    if (!search.einchecken || handledCheckIn.current === search.einchecken) return;
    handledCheckIn.current = search.einchecken;
    checkInObject.mutate(search.einchecken, {
      onSuccess: (b) => notifications.show({ color: 'green', message: rt('notify.checkedIn', { name: b.objectName }) }),
      onError: (e) =>
        notifications.show({ color: 'red', title: rt('notify.failed'), message: isApiError(e) ? e.message : String(e), autoClose: false }),
      onSettled: () => onSearch({ einchecken: undefined }),
    });
  }, [search.einchecken, checkInObject, onSearch, rt]);

  // „Platz daneben buchen“ from the team list: open the booking of the free desk nearest to the colleague.
  useEffect(() => {
    if (!search.neben || !map.data || map.data.floorPlan.id !== planId) return;
    const p = map.data.floorPlan;
    const aspect = p.imageWidth && p.imageHeight ? p.imageHeight / p.imageWidth : 10 / 16;
    const next = nearestFreeDesk(map.data.objects, search.neben, aspect);
    if (next) setSelected(next.id);
    else notifications.show({ color: 'orange', message: rt('team.noFreeDesk') });
    onSearch({ neben: undefined });
  }, [search.neben, map.data, planId, onSearch, rt]);

  if (boot.isPending) return <Loader />;
  if (boot.error) return <Alert color="red">{isApiError(boot.error) ? boot.error.message : String(boot.error)}</Alert>;
  if (!planId || !date || !boot.data) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {rt(`title.${area}`)}
        </Title>
        <Text>{rt('empty.noPlans')}</Text>
      </Stack>
    );
  }

  const plan = plans.find((p) => p.id === planId)!;
  const selectedObject = map.data?.objects.find((o) => o.id === selected) ?? null;
  const day = map.data?.day;
  const isFavouritePlan = boot.data.favourites.floorPlanId === planId;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={1} size="h2">
          {rt(`title.${area}`)}
        </Title>
        <SegmentChoice
          aria-label={rt('view.label')}
          value={view}
          onChange={onView}
          data={[
            { value: 'karte', label: rt('view.karte') },
            { value: 'liste', label: rt('view.liste') },
          ]}
        />
        {/* On phones the sidebar hides in the menu: the absence stays one tap away (decision 092). */}
        {phone ? <AbsenceButton /> : null}
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <Group gap={4} align="flex-end" wrap="nowrap">
          <DeferredSelect
            label={rt('toolbar.floorPlan')}
            data={plans.map((p) => ({ value: p.id, label: p.name }))}
            value={planId}
            onChange={(v) => v && onSearch({ grundriss: v })}
            allowDeselect={false}
            w={240}
          />
          {/* A native title as the hover hint: no floating-ui on the map's first screen. */}
          <ActionIcon
            size="lg"
            variant={isFavouritePlan ? 'filled' : 'default'}
            color="yellow"
            aria-label={rt('toolbar.favouritePlan')}
            aria-pressed={isFavouritePlan}
            title={isFavouritePlan ? rt('toolbar.favouritePlanActive') : rt('toolbar.favouritePlan')}
            onClick={() => saveFavourites.mutate({ floorPlanId: isFavouritePlan ? null : planId, objectIds: [...favourites] })}
          >
            <span aria-hidden>{isFavouritePlan ? '★' : '☆'}</span>
          </ActionIcon>
        </Group>
        <Group gap={4} align="flex-end" wrap="nowrap">
          <ActionIcon
            size="lg"
            variant="default"
            aria-label={rt('toolbar.previousDay')}
            onClick={() => onSearch({ datum: addDays(date, -1) })}
            disabled={date <= boot.data.today}
          >
            <span aria-hidden>‹</span>
          </ActionIcon>
          <DeferredDatePickerInput
            label={rt('toolbar.date')}
            value={date}
            onChange={(v) => v && onSearch({ datum: String(v).slice(0, 10) })}
            valueFormat="dd, DD.MM.YYYY"
            minDate={boot.data.today}
            maxDate={addDays(boot.data.today, boot.data.limits.daysAhead)}
            w={170}
            data-testid="date-input"
          />
          <ActionIcon size="lg" variant="default" aria-label={rt('toolbar.nextDay')} onClick={() => onSearch({ datum: addDays(date, 1) })}>
            <span aria-hidden>›</span>
          </ActionIcon>
        </Group>
        <DeferredSelect
          label={rt('toolbar.bookingMode')}
          data={[
            { value: 'ganztags', label: rt('mode.ganztags') },
            { value: 'stuendlich', label: rt('mode.stuendlich') },
          ]}
          value={hourly ? 'stuendlich' : 'ganztags'}
          onChange={(v) => onSearch({ buchungsmodus: v === 'stuendlich' ? 'stuendlich' : undefined })}
          allowDeselect={false}
          w={160}
        />
        {hourly ? (
          <Group gap={4} wrap="nowrap">
            <DeferredSelect
              label={rt('toolbar.from')}
              data={steps.slice(0, -1)}
              value={search.von ?? null}
              onChange={(v) => onSearch({ von: v ?? undefined })}
              w={100}
            />
            <DeferredSelect
              label={rt('toolbar.to')}
              data={steps.filter((s) => !search.von || s > search.von)}
              value={search.bis ?? null}
              onChange={(v) => onSearch({ bis: v ?? undefined })}
              w={100}
            />
          </Group>
        ) : (
          <DeferredSelect
            label={rt('toolbar.timeOfDay')}
            data={(['ganztags', 'vormittags', 'nachmittags'] as const).map((v) => ({ value: v, label: rt(`timeOfDay.${v}`) }))}
            value={search.tageszeit ?? 'ganztags'}
            onChange={(v) => onSearch({ tageszeit: v && v !== 'ganztags' ? (v as 'vormittags' | 'nachmittags') : undefined })}
            allowDeselect={false}
            w={160}
          />
        )}
        <DeferredSelect
          label={rt('toolbar.filter')}
          data={(['aus', 'frei', 'favoriten'] as const).map((v) => ({ value: v, label: rt(`filter.${v}`) }))}
          value={filter}
          onChange={(v) => onSearch({ filter: v && v !== 'aus' ? (v as 'frei' | 'favoriten') : undefined })}
          allowDeselect={false}
          w={160}
        />
      </Group>

      {/* The day's line keeps its height while the map data loads, so the plan below it does not move
          (decision 172); on a phone it takes two lines. */}
      <Group gap="md" justify="space-between" mih={{ base: 58, xs: 26 }}>
        {day ? (
          <Text fw={600} data-testid="day-info" c={day.bookable ? undefined : 'red.8'}>
            {day.bookable
              ? rt(day.source === 'abweichend-offen' ? 'day.openDeviating' : 'day.open', { von: day.von, bis: day.bis })
              : rt(day.source === 'abweichend-geschlossen' ? 'day.closedDeviating' : 'day.closed', {
                  date: formatDate(`${date}T12:00:00Z`),
                })}
          </Text>
        ) : (
          <span />
        )}
        <Text size="xs" c="dimmed">
          {rt('map.live')}
        </Text>
      </Group>
      <MapLegend />

      {map.error ? <Alert color="red">{isApiError(map.error) ? map.error.message : String(map.error)}</Alert> : null}
      {view === 'karte' ? (
        // The plan image shows at once; the markers follow with the map data.
        <FloorPlanMap
          plan={plan}
          objects={shownMap ? shownMap.objects : NO_OBJECTS}
          favourites={favourites}
          visible={visible}
          onSelect={select}
          team={team}
        />
      ) : !shownMap ? (
        <Loader />
      ) : (
        <Suspense fallback={<Loader />}>
          <SeatList
            objects={shownMap.objects}
            equipment={boot.data.equipment}
            favourites={favourites}
            visible={visible}
            sort={search.sortierung ?? 'name'}
            equipmentFilter={search.ausstattung ? search.ausstattung.split(',') : []}
            onSortChange={(s) => onSearch({ sortierung: s === 'name' ? undefined : s })}
            onEquipmentFilterChange={(ids) => onSearch({ ausstattung: ids.length ? ids.join(',') : undefined })}
            onSelect={(o) => setSelected(o.id)}
            team={team}
          />
        </Suspense>
      )}

      {selectedObject && map.data ? (
        <Suspense fallback={null}>
          <BookingDialog
            area={area}
            object={selectedObject}
            day={map.data.day}
            date={date}
            initialMode={mode}
            initialVon={search.von}
            initialBis={search.bis}
            limits={boot.data.limits}
            favourite={favourites.has(selectedObject.id)}
            onToggleFavourite={() => toggleFavourite(selectedObject.id)}
            onClose={() => setSelected(null)}
          />
        </Suspense>
      ) : null}

      {search.bestaetigen ? (
        <Suspense fallback={null}>
          <ConfirmDeepLink
            id={search.bestaetigen}
            pending={boot.data.pendingConfirmations}
            onDone={() => onSearch({ bestaetigen: undefined })}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
