import type { Area, BookingMode, MapObjectDto, MapResponse } from '@contracts/reading-rooms';
import { shownFloorPlanId } from '@domain/floor-plan-choice';
import { formatDate } from '@domain/time';
import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { MapToolbar } from './map-toolbar';

const NO_OBJECTS: MapObjectDto[] = [];

// Loaded when needed, not with the first screen (docs/product.md#performance-budgets, decision 006).
const BookingDialog = lazy(() => import('./booking-dialog').then((m) => ({ default: m.BookingDialog })));
const ConfirmDeepLink = lazy(() => import('./confirm-deep-link'));
// The list view (table, equipment filter) loads with /…/liste only.
const SeatList = lazy(() => import('./seat-list').then((m) => ({ default: m.SeatList })));

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
  const { i18n } = useTranslation();
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
  // Markers and list rows render in a background pass React can interrupt: the plan and the toolbar stay
  // responsive while a large room's few hundred markers are built (decision 211).
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

  const favouritePlanId = boot.data?.favourites.floorPlanId ?? null;
  const { mutate: saveFavouritesNow } = saveFavourites;
  const toggleFavouritePlan = useCallback(
    () => saveFavouritesNow({ floorPlanId: favouritePlanId === planId ? null : planId, objectIds: [...favourites] }),
    [saveFavouritesNow, favouritePlanId, planId, favourites],
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
  const isFavouritePlan = favouritePlanId === planId;

  return (
    <Stack gap="sm">
      <MapToolbar
        area={area}
        view={view}
        plans={plans}
        planId={planId}
        date={date}
        today={boot.data.today}
        daysAhead={boot.data.limits.daysAhead}
        search={search}
        steps={steps}
        isFavouritePlan={isFavouritePlan}
        phone={phone}
        onSearch={onSearch}
        onView={onView}
        onFavouritePlan={toggleFavouritePlan}
      />

      {/* The day's line keeps its height while the map data loads, so the plan below it does not move
          (decision 172); on a phone (below Mantine's xs) it takes two lines. The keys keep the note its own element when the
          day arrives: matched by position, the note's paragraph would become the day's and move. */}
      <Group justify="space-between" gap="md" mih={{ base: 58, xs: 26 }}>
        {day ? (
          <Text
            key="day"
            fw={600}
            c={day.bookable ? undefined : 'red.8'}
            data-testid="day-info"
            data-closed={day.bookable ? undefined : true}
          >
            {dayInfo(rt, day, formatDate(`${date}T12:00:00Z`), i18n.language.startsWith('en'))}
          </Text>
        ) : (
          <span key="day" />
        )}
        <Text key="live" size="xs" c="dimmed">
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

/** The line above the map: the day's hours and which rule gave them (period, holiday, deviation; decision 235). */
function dayInfo(rt: ReturnType<typeof useRT>, day: MapResponse['day'], date: string, english: boolean): string {
  const holiday = day.holiday ? (english ? day.holiday.en : day.holiday.de) : null;
  if (day.bookable) {
    if (day.source === 'abweichend-offen') return rt('day.openDeviating', { von: day.von, bis: day.bis });
    if (day.period) return rt('day.openPeriod', { von: day.von, bis: day.bis, period: day.period });
    return rt('day.open', { von: day.von, bis: day.bis });
  }
  if (day.source === 'feiertag' && holiday) return rt('day.closedHoliday', { date, holiday });
  if (day.source === 'abweichend-geschlossen') return rt('day.closedDeviating', { date });
  if (day.period) return rt('day.closedPeriod', { date, period: day.period });
  return rt('day.closed', { date });
}
