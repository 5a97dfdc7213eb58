import type { Area } from '@contracts/reading-rooms';
import { LOCKER_FEATURE } from '@domain/navigation';
import { addDays } from '@domain/opening-hours';
import { ActionIcon, Group, SegmentedControl, Title } from '@mantine/core';
import { AbsenceButton } from '@web/components/absence-button';
import { DeferredDatePickerInput } from '@web/components/dates/deferred-date-inputs';
import { DeferredSelect } from '@web/components/deferred/deferred-select';
import { AnchorLink } from '@web/components/links';
import { useMe } from '@web/lib/use-me';
import { memo } from 'react';
import type { Ansicht, ReadingRoomSearch } from '../search';
import { useRT } from '../use-rt';

export interface MapToolbarProps {
  area: Area;
  view: Ansicht;
  plans: { id: string; name: string }[];
  planId: string;
  date: string;
  today: string;
  daysAhead: number;
  search: ReadingRoomSearch;
  /** The times a booking by the hour can start and end at, for the shown day. */
  steps: string[];
  isFavouritePlan: boolean;
  /** Below Mantine's md breakpoint, where the sidebar is the burger menu. */
  phone: boolean;
  onSearch: (patch: Partial<ReadingRoomSearch>) => void;
  onView: (view: Ansicht) => void;
  onFavouritePlan: () => void;
}

/**
 * The title, the map/list choice and the toolbar of a reading-room or
 * workplace screen. A component of its own, so the map's answers render the
 * map and not the toolbar again.
 */
export const MapToolbar = memo(function MapToolbar({
  area,
  view,
  plans,
  planId,
  date,
  today,
  daysAhead,
  search,
  steps,
  isFavouritePlan,
  phone,
  onSearch,
  onView,
  onFavouritePlan,
}: MapToolbarProps) {
  const rt = useRT();
  const me = useMe();
  const hourly = search.buchungsmodus === 'stuendlich';
  const filter = search.filter ?? 'aus';
  return (
    <>
      <Group justify="space-between" gap="xs">
        <Title order={1} size="h2">
          {rt(`title.${area}`)}
        </Title>
        <SegmentedControl
          aria-label={rt('view.label')}
          value={view}
          onChange={(next) => onView(next as Ansicht)}
          data={[
            { value: 'karte', label: rt('view.karte') },
            { value: 'liste', label: rt('view.liste') },
          ]}
        />
        {/* Where the tenant has lockers, the desk's locker for the shown day is one tap from the desks (decision 201). */}
        {area === 'arbeitswelt' && me.features.includes(LOCKER_FEATURE) ? (
          <AnchorLink to="/officelocker" search={{ tag: date }} size="sm" data-testid="locker-link">
            {rt('toolbar.locker')}
          </AnchorLink>
        ) : null}
        {/* On phones the sidebar hides in the menu: the absence stays one tap away (decision 092). */}
        {phone ? <AbsenceButton /> : null}
      </Group>

      <Group align="flex-end" gap="sm">
        {/* A field with its buttons stays on one line. */}
        <Group align="flex-end" gap={4} wrap="nowrap">
          <DeferredSelect
            label={rt('toolbar.floorPlan')}
            data={plans.map((p) => ({ value: p.id, label: p.name }))}
            value={planId}
            onChange={(v) => v && onSearch({ grundriss: v })}
            allowDeselect={false}
            w={240}
          />
          <ActionIcon
            variant={isFavouritePlan ? 'filled' : 'default'}
            color="yellow"
            size="input-sm"
            aria-label={rt('toolbar.favouritePlan')}
            aria-pressed={isFavouritePlan}
            title={isFavouritePlan ? rt('toolbar.favouritePlanActive') : rt('toolbar.favouritePlan')}
            onClick={onFavouritePlan}
          >
            <span aria-hidden>{isFavouritePlan ? '★' : '☆'}</span>
          </ActionIcon>
        </Group>
        <Group align="flex-end" gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="input-sm"
            aria-label={rt('toolbar.previousDay')}
            title={rt('toolbar.previousDay')}
            onClick={() => onSearch({ datum: addDays(date, -1) })}
            disabled={date <= today}
          >
            <span aria-hidden>‹</span>
          </ActionIcon>
          <DeferredDatePickerInput
            label={rt('toolbar.date')}
            value={date}
            onChange={(v) => v && onSearch({ datum: String(v).slice(0, 10) })}
            valueFormat="dd, DD.MM.YYYY"
            minDate={today}
            maxDate={addDays(today, daysAhead)}
            w={170}
            data-testid="date-input"
          />
          <ActionIcon
            variant="default"
            size="input-sm"
            aria-label={rt('toolbar.nextDay')}
            title={rt('toolbar.nextDay')}
            onClick={() => onSearch({ datum: addDays(date, 1) })}
          >
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
          <Group align="flex-end" gap={4} wrap="nowrap">
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
    </>
  );
});
