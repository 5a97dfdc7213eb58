import type { Area } from '@contracts/reading-rooms';
import { LOCKER_FEATURE } from '@domain/navigation';
import { addDays } from '@domain/opening-hours';
import { Link } from '@tanstack/react-router';
import { AbsenceButton } from '@web/components/absence-button';
import { DeferredDatePickerInput } from '@web/components/dates/deferred-date-inputs';
import { DeferredSelect } from '@web/components/deferred/deferred-select';
import plain from '@web/components/plain.module.css';
import { PlainIconButton } from '@web/components/plain-button';
import { SegmentChoice } from '@web/components/segment-choice';
import { useMe } from '@web/lib/use-me';
import { memo } from 'react';
import type { Ansicht, ReadingRoomSearch } from '../search';
import { useRT } from '../use-rt';
import css from './reading-room-page.module.css';

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
 * map and not the toolbar again; plain elements where Mantine's would only
 * add components to a phone's first screen (decision 184).
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
      <div className={plain.row}>
        <h1 className={plain.title} data-size="h2">
          {rt(`title.${area}`)}
        </h1>
        <SegmentChoice
          aria-label={rt('view.label')}
          value={view}
          onChange={onView}
          data={[
            { value: 'karte', label: rt('view.karte') },
            { value: 'liste', label: rt('view.liste') },
          ]}
        />
        {/* Where the tenant has lockers, the desk's locker for the shown day is one tap from the desks (decision 201). */}
        {area === 'arbeitswelt' && me.features.includes(LOCKER_FEATURE) ? (
          <Link to="/officelocker" search={{ tag: date }} className={plain.link} data-size="sm" data-testid="locker-link">
            {rt('toolbar.locker')}
          </Link>
        ) : null}
        {/* On phones the sidebar hides in the menu: the absence stays one tap away (decision 092). */}
        {phone ? <AbsenceButton /> : null}
      </div>

      <div className={css.toolbar}>
        <div className={css.pair}>
          <DeferredSelect
            label={rt('toolbar.floorPlan')}
            data={plans.map((p) => ({ value: p.id, label: p.name }))}
            value={planId}
            onChange={(v) => v && onSearch({ grundriss: v })}
            allowDeselect={false}
            w={240}
          />
          <PlainIconButton
            variant={isFavouritePlan ? 'filled' : 'default'}
            color="yellow"
            label={rt('toolbar.favouritePlan')}
            aria-pressed={isFavouritePlan}
            hint={isFavouritePlan ? rt('toolbar.favouritePlanActive') : rt('toolbar.favouritePlan')}
            onClick={onFavouritePlan}
          >
            {isFavouritePlan ? '★' : '☆'}
          </PlainIconButton>
        </div>
        <div className={css.pair}>
          <PlainIconButton
            label={rt('toolbar.previousDay')}
            onClick={() => onSearch({ datum: addDays(date, -1) })}
            disabled={date <= today}
          >
            ‹
          </PlainIconButton>
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
          <PlainIconButton label={rt('toolbar.nextDay')} onClick={() => onSearch({ datum: addDays(date, 1) })}>
            ›
          </PlainIconButton>
        </div>
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
          <div className={css.pair}>
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
          </div>
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
      </div>
    </>
  );
});
