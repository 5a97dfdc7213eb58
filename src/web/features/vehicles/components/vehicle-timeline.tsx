import { formatTime } from '@domain/time';
import { addDays, startOfDay } from '@domain/vehicle-time';
import { Legend } from '@web/components/legend';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TimelineBooking } from '../api/use-vehicle-timeline';
import { type BookableTimes, unbookableStretches } from './format';
import css from './vehicle-timeline.module.css';

export type { BookableTimes };

export type TimelineMode = 'day' | 'week';

const WEEKDAY_SHORT_DE = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];
const WEEKDAY_SHORT_EN = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * One vehicle's bookings as a bar over a day (hour ticks) or a week (day
 * columns). Free space is clickable and opens the booking dialog at that time.
 */
export function VehicleTimeline({
  name,
  bookings,
  mode,
  startDay,
  onPick,
  bookable = null,
  t,
  language,
}: {
  name: string;
  /** Hours outside these are painted as not bookable. */
  bookable?: BookableTimes | null;
  bookings: TimelineBooking[];
  mode: TimelineMode;
  /** YYYY-MM-DD: the day, or the Monday of the week. */
  startDay: string;
  onPick: (day: string, at: Date) => void;
  /** The card list's translation (one hook per list, decision 184). */
  t: TFunction<'vehicles'>;
  language: string;
}) {
  const days = mode === 'day' ? 1 : 7;
  const from = startOfDay(startDay).getTime();
  const to = startOfDay(addDays(startDay, days)).getTime();
  const span = to - from;
  const pct = (ms: number) => `${(Math.min(Math.max(ms - from, 0), span) / span) * 100}%`;
  const now = Date.now();
  const dayNames = language === 'en' ? WEEKDAY_SHORT_EN : WEEKDAY_SHORT_DE;
  const ticks =
    mode === 'day'
      ? [0, 3, 6, 9, 12, 15, 18, 21].map((h) => ({
          at: startOfDay(startDay).getTime() + h * 3_600_000,
          label: `${String(h).padStart(2, '0')}`,
        }))
      : Array.from({ length: 7 }, (_, i) => {
          const d = addDays(startDay, i);
          return {
            at: startOfDay(d).getTime(),
            label: `${dayNames[new Date(`${d}T12:00:00Z`).getUTCDay()]} ${d.slice(8, 10)}.${d.slice(5, 7)}.`,
          };
        });

  const pick = (e: React.MouseEvent<HTMLDivElement>) => {
    // A click on a booking is not a pick of free time.
    if ((e.target as HTMLElement).closest('[data-booking]')) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const at = new Date(from + ((e.clientX - rect.left) / rect.width) * span);
    const dayIndex = Math.min(days - 1, Math.floor(((e.clientX - rect.left) / rect.width) * days));
    onPick(addDays(startDay, dayIndex), at);
  };

  const place = (a: number, b: number) => ({ left: pct(a), width: `calc(${pct(b)} - ${pct(a)})` });

  return (
    <div>
      <div className={css.scale} aria-hidden>
        {ticks.map((tick) => (
          <span key={tick.at} className={css.tickLabel} style={{ left: pct(tick.at) }}>
            {tick.label}
          </span>
        ))}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a clickable bar with child bars; a <button> may not hold the booking blocks' titles */}
      <div
        role="button"
        tabIndex={0}
        aria-label={t('timeline.label', { name })}
        onClick={pick}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onPick(startDay, new Date(Math.max(now, from)));
        }}
        // Mantine's focus ring (the theme's focusRing), as on its own buttons.
        className={`${css.bar} ${css.free} mantine-focus-auto`}
      >
        {unbookableStretches(bookable, startDay, days).map((u) => (
          <div
            key={`u${u.from}`}
            data-unbookable
            title={t('timeline.unbookable')}
            className={`${css.piece} ${css.unbookable}`}
            style={place(u.from, u.to)}
          />
        ))}
        {ticks.map((tick) => (
          <div key={tick.at} className={`${css.piece} ${css.tick}`} style={{ left: pct(tick.at) }} />
        ))}
        {now > from && now < to && <div className={`${css.piece} ${css.now}`} style={{ left: pct(now) }} title={t('timeline.today')} />}
        {bookings.map((b, i) => {
          const s = b.von;
          const e = b.bis;
          if (e <= from || s >= to) return null;
          const blockedType = b.type !== 'BUCHUNG';
          const kind = blockedType ? css.blocked : b.mine ? css.mine : b.status === 'durchgeführt' ? css.done : css.booked;
          const who = blockedType ? t('timeline.blocked') : b.mine ? t('timeline.mine') : b.bookedFor || t('timeline.booked');
          return (
            // A native title, not a Tooltip component: one per bar over a whole fleet, and the first screen's weight (decision 006).
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a day's bars are rebuilt as a whole from the timeline tuples
              key={i}
              title={t('timeline.bookingTitle', { from: formatTime(new Date(b.von)), to: formatTime(new Date(b.bis)), who })}
              className={`${css.piece} ${css.booking} ${kind}`}
              style={place(s, e)}
              data-booking
            />
          );
        })}
      </div>
    </div>
  );
}

/** The colours of the bars, once above the cards: free, own booking, booked, blocked, not bookable. */
export function TimelineLegend() {
  const { t } = useTranslation('vehicles');
  // The same classes as the bars, so each colour is defined once (vehicle-timeline.module.css).
  const items: { key: string; label: string; className: string | undefined }[] = [
    { key: 'free', label: t('timeline.free'), className: css.free },
    { key: 'mine', label: t('timeline.mine'), className: css.mine },
    { key: 'booked', label: t('timeline.booked'), className: css.booked },
    { key: 'blocked', label: t('timeline.blocked'), className: css.blocked },
    { key: 'unbookable', label: t('timeline.unbookable'), className: css.unbookable },
  ];
  return (
    <Legend
      label={t('timeline.legend')}
      testId="timeline-legend"
      size="xs"
      items={items.map((i) => ({ key: i.key, label: i.label, mark: <span className={`${css.swatch} ${i.className}`} /> }))}
    />
  );
}
