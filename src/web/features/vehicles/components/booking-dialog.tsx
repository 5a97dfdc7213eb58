import { Alert, Badge, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import '@mantine/dates/styles.css';
import '@web/lib/dayjs';
import { formatTime } from '@domain/time';
import { nextFreePeriod } from '@domain/vehicle-booking';
import { addDays, berlinDay, berlinInstant } from '@domain/vehicle-time';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useTranslation } from 'react-i18next';
import { useAvailability } from '../api/use-availability';
import { useBookingLimits } from '../api/use-booking-limits';
import type { VehicleBooking } from '../api/use-my-bookings';
import { usePossibleBookers } from '../api/use-possible-bookers';
import { useSaveBooking } from '../api/use-save-booking';
import type { Vehicle } from '../api/use-vehicles';
import { formatPeriod, vehicleName, weekdayList } from './format';
import { VehicleSeriesSection } from './series-section';

interface Props {
  opened: boolean;
  onClose: () => void;
  vehicle: Pick<Vehicle, 'id' | 'brand' | 'model' | 'licensePlate' | 'requiredLicenseClass'> | null;
  /** YYYY-MM-DD to start with. */
  initialDay?: string;
  /** A time the user clicked in the timeline. */
  initialAt?: Date;
  /** Editing an existing booking. */
  booking?: VehicleBooking | null;
  myId: string;
}

const DETAILS = ['reason', 'destination', 'stopover', 'passengers', 'contact', 'detour'] as const;
type Detail = (typeof DETAILS)[number];

/** HH:mm steps of a day. */
function steps(step: number): string[] {
  const out: string[] = [];
  for (let m = 0; m < 24 * 60; m += step) out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return out;
}

/**
 * Booking dialog (docs/product.md#dialogs-and-panels, docs/product.md#booking-window-and-narrowing): date, start and end from the free periods of the
 * day (narrowed by the server: window, neighbours + gap, minimum time today),
 * all-day option, several days, driver, trip details. The chosen period is
 * checked live; the server's message is shown as it is.
 */
export function BookingDialog({ opened, onClose, vehicle, initialDay, initialAt, booking, myId }: Props) {
  const { t, i18n } = useTranslation('vehicles');
  const { t: tc } = useTranslation();
  const today = berlinDay(new Date());
  const [day, setDay] = useState<string>(initialDay ?? today);
  const [endDay, setEndDay] = useState<string>(initialDay ?? today);
  const [multi, setMulti] = useState(false);
  const [allDay, setAllDay] = useState(false);
  const [repeat, setRepeat] = useState(false);
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [driver, setDriver] = useState<string>(myId);
  const [details, setDetails] = useState<Record<Detail | 'infoText', string>>({
    reason: '',
    destination: '',
    stopover: '',
    passengers: '',
    contact: '',
    detour: '',
    infoText: '',
  });
  const [error, setError] = useState<string | null>(null);
  /** Set when a live update took the chosen period away: what was chosen and the next free period to offer. */
  const [taken, setTaken] = useState<{ period: string; next: { start: string; end: string } | null } | null>(null);
  const save = useSaveBooking();
  const bookers = usePossibleBookers();
  const limits = useBookingLimits(opened && vehicle ? vehicle.id : null, day, booking?.id);

  useEffect(() => {
    if (!opened) return;
    setError(null);
    setTaken(null);
    setAllDay(false);
    setRepeat(false);
    if (booking) {
      const d = berlinDay(new Date(booking.von));
      const e = berlinDay(new Date(new Date(booking.bis).getTime() - 1));
      setDay(d);
      setEndDay(e);
      setMulti(d !== e);
      setStart(formatTime(booking.von));
      setEnd(formatTime(booking.bis) === '00:00' ? '24:00' : formatTime(booking.bis));
      setDriver(booking.bookedFor.id);
      setDetails({
        reason: booking.reason ?? '',
        destination: booking.destination ?? '',
        stopover: booking.stopover ?? '',
        passengers: booking.passengers ?? '',
        contact: booking.contact ?? '',
        detour: booking.detour ?? '',
        infoText: booking.infoText ?? '',
      });
    } else {
      const d = initialDay ?? today;
      setDay(d);
      setEndDay(d);
      setMulti(false);
      setStart(null);
      setEnd(null);
      setDriver(myId);
      setDetails({ reason: '', destination: '', stopover: '', passengers: '', contact: '', detour: '', infoText: '' });
    }
  }, [opened, booking, initialDay, myId, today]);

  const step = limits.data?.stepMinutes ?? 15;
  const minDuration = limits.data?.minDurationMinutes ?? 30;
  const intervals = useMemo(
    () => (limits.data?.intervals ?? []).map((i) => ({ min: new Date(i.min), max: new Date(i.max) })),
    [limits.data],
  );
  const all = useMemo(() => steps(step), [step]);

  // Start options: steps inside a free interval leaving room for the minimum duration.
  const startOptions = useMemo(
    () =>
      all.filter((hhmm) => {
        const at = berlinInstant(day, hhmm).getTime();
        return intervals.some(
          (i) => at >= i.min.getTime() && at + (multi ? step : minDuration) * 60_000 <= i.max.getTime() + (multi ? 1 : 0),
        );
      }),
    [all, day, intervals, minDuration, multi, step],
  );
  const times = limits.data?.bookingTimes ?? null;
  const endOptions = useMemo(() => {
    if (!start) return [];
    if (multi) {
      const ends = [...all.slice(1), '24:00'];
      // Under the pick-up reading the return lies inside the booking times of the end day.
      if (!times) return ends;
      const close = times.to === '23:59' ? '24:00' : times.to;
      return ends.filter((hhmm) => hhmm > times.from && hhmm <= close);
    }
    const s = berlinInstant(day, start).getTime();
    const iv = intervals.find((i) => s >= i.min.getTime() && s < i.max.getTime());
    if (!iv) return [];
    return [...all.slice(1), '24:00'].filter((hhmm) => {
      const at = berlinInstant(day, hhmm).getTime();
      return at >= s + minDuration * 60_000 && at <= iv.max.getTime();
    });
  }, [all, day, intervals, minDuration, multi, start, times]);

  // A live update (someone else booked) can take the chosen period away: say so and offer the next free one.
  useEffect(() => {
    if (multi || !start || !end || !limits.data) return;
    const s = berlinInstant(day, start).getTime();
    const e = berlinInstant(day, end).getTime();
    // A start that time has overtaken (or a booking already under way) was not taken by anyone.
    if (s < Date.now()) return;
    if (intervals.some((i) => s >= i.min.getTime() && e <= i.max.getTime())) return;
    const next = nextFreePeriod(intervals, new Date(s), e - s, minDuration, step, berlinInstant(day, '00:00'));
    setTaken({
      period: formatPeriod(new Date(s), new Date(e)),
      next: next ? { start: formatTime(next.von), end: berlinDay(next.bis) !== day ? '24:00' : formatTime(next.bis) } : null,
    });
    setStart(null);
    setEnd(null);
    setAllDay(false);
  }, [intervals, limits.data, multi, start, end, day, minDuration, step]);

  // A click in the timeline preselects the nearest free start.
  useEffect(() => {
    if (!opened || booking || !initialAt || start || startOptions.length === 0) return;
    const wanted = initialAt.getTime();
    const first = startOptions.find((o) => berlinInstant(day, o).getTime() >= wanted - step * 60_000) ?? startOptions[0]!;
    setStart(first);
  }, [opened, booking, initialAt, start, startOptions, day, step]);

  // A layout effect: the end follows the start in the same task, so a person who tabs on and types an end
  // at once is not overwritten a frame later (the built app runs plain effects only after the next frame).
  useLayoutEffect(() => {
    if (start && end && !multi && !endOptions.includes(end)) setEnd(null);
    if (start && end && multi && endOptions.length && !endOptions.includes(end)) setEnd(null);
    if (start && !end && endOptions.length) {
      const oneHour = endOptions.find((o) => berlinInstant(day, o).getTime() >= berlinInstant(day, start).getTime() + 60 * 60_000);
      setEnd(oneHour ?? endOptions[0]!);
    }
  }, [start, end, endOptions, multi, day]);

  useEffect(() => {
    if (!allDay || intervals.length === 0) return;
    const longest = [...intervals].sort((a, b) => b.max.getTime() - b.min.getTime() - (a.max.getTime() - a.min.getTime()))[0]!;
    setMulti(false);
    setStart(formatTime(longest.min));
    setEnd(berlinDay(longest.max) !== day ? '24:00' : formatTime(longest.max));
  }, [allDay, intervals, day]);

  const von = start ? berlinInstant(day, start) : null;
  const bis = end ? berlinInstant(multi ? endDay : day, end) : null;
  const chosen = von && bis ? `${von.toISOString()}|${bis.toISOString()}` : '';
  const [debounced] = useDebouncedValue(chosen, 250);
  const [dv, db] = debounced ? debounced.split('|') : [null, null];
  const availability = useAvailability(opened && vehicle ? vehicle.id : null, dv ?? null, db ?? null, booking?.id);

  if (!vehicle) return null;
  const name = vehicleName(vehicle);
  const others = (bookers.data?.bookers ?? []).length > 1;

  const detailPayload = () => {
    const text = (k: Detail | 'infoText') => (details[k].trim() ? details[k].trim() : null);
    return {
      reason: text('reason'),
      destination: text('destination'),
      stopover: text('stopover'),
      passengers: text('passengers'),
      contact: text('contact'),
      detour: text('detour'),
      infoText: text('infoText'),
    };
  };

  const submit = () => {
    if (!von || !bis) {
      setError(t('booking.pickTime'));
      return;
    }
    setError(null);
    const payload = { von: von.toISOString(), bis: bis.toISOString(), ...detailPayload() };
    save.mutate(
      booking
        ? { id: booking.id, update: payload }
        : { create: { ...payload, vehicleId: vehicle.id, ...(driver !== myId ? { forUserId: driver } : {}) } },
      {
        onSuccess: ({ booking: saved }) => {
          notifications.show({
            color: 'green',
            message: booking
              ? t('booking.saved')
              : t(saved.needsApproval && !saved.approved ? 'booking.createdSpecial' : 'booking.created', {
                  name,
                  period: formatPeriod(saved.von, saved.bis),
                }),
          });
          onClose();
        },
        onError: (e) => setError(isApiError(e) ? e.message : tc('errors.unknown')),
      },
    );
  };

  const dateProps = {
    valueFormat: 'DD.MM.YYYY',
    minDate: today,
    maxDate: limits.data ? berlinDay(new Date(new Date(limits.data.windowEnd).getTime() - 1)) : addDays(today, 365),
  };

  return (
    <Modal opened={opened} onClose={onClose} title={booking ? t('booking.editTitle') : t('booking.title', { name })} size="lg">
      <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'de', firstDayOfWeek: 1 }}>
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="outline" tt="none">
              {vehicle.licensePlate}
            </Badge>
            {vehicle.requiredLicenseClass && (
              <Text size="sm" c="dimmed">
                {t('booking.requiredLicence', { cls: vehicle.requiredLicenseClass })}
              </Text>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: multi ? 2 : 1 }}>
            <DatePickerInput
              label={t('booking.date')}
              value={day}
              onChange={(v) => {
                if (!v) return;
                setDay(v);
                setTaken(null);
                if (endDay < v) setEndDay(v);
                setStart(null);
                setEnd(null);
              }}
              {...dateProps}
            />
            {multi && (
              <DatePickerInput
                label={t('booking.endDate')}
                value={endDay}
                onChange={(v) => v && setEndDay(v)}
                {...dateProps}
                minDate={day}
              />
            )}
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox label={t('booking.allDay')} checked={allDay} onChange={(e) => setAllDay(e.currentTarget.checked)} />
            <Checkbox
              label={t('booking.multiDay')}
              disabled={repeat}
              checked={multi}
              onChange={(e) => {
                setMulti(e.currentTarget.checked);
                setAllDay(false);
                setEnd(null);
              }}
            />
          </Group>
          {!booking && (
            <Checkbox
              label={t('series.toggle')}
              description={t('series.toggleHint')}
              checked={repeat}
              onChange={(e) => {
                setRepeat(e.currentTarget.checked);
                if (e.currentTarget.checked) setMulti(false);
              }}
              data-testid="vehicle-series-toggle"
            />
          )}
          {multi && times && (limits.data?.timesAsPickUpReturn || times.from !== '00:00' || times.to !== '23:59') && (
            <Alert color={limits.data?.timesAsPickUpReturn ? 'blue' : 'yellow'} data-testid="multi-day-hint">
              {t(limits.data?.timesAsPickUpReturn ? 'booking.multiDayPickUp' : 'booking.multiDayStrict', {
                days: times.weekdays.length === 7 ? t('card.everyDay') : weekdayList(t, times.weekdays),
                from: times.from,
                to: times.to,
              })}
            </Alert>
          )}
          {taken && (
            <Alert color="orange" role="alert" data-testid="period-taken">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('booking.taken', { period: taken.period })}</Text>
                {taken.next ? (
                  <Button
                    size="xs"
                    variant="light"
                    style={{ whiteSpace: 'normal', height: 'auto', minHeight: 30 }}
                    onClick={() => {
                      const next = taken.next!;
                      setTaken(null);
                      setStart(next.start);
                      setEnd(next.end);
                    }}
                  >
                    {t('booking.takeNext', { period: `${taken.next.start}–${taken.next.end}` })}
                  </Button>
                ) : (
                  <Text size="sm">{t('booking.takenNone')}</Text>
                )}
              </Stack>
            </Alert>
          )}
          {limits.data && intervals.length === 0 ? (
            <Alert color="gray">{t('booking.noFreeSlots')}</Alert>
          ) : (
            <Text size="sm" c="dimmed">
              {t('booking.freeSlots')}:{' '}
              {intervals.map((i) => `${formatTime(i.min)}–${berlinDay(i.max) !== day ? '24:00' : formatTime(i.max)}`).join(', ')}
            </Text>
          )}
          <SimpleGrid cols={2}>
            <Select
              label={t('booking.start')}
              data={startOptions}
              value={start}
              onChange={(v) => {
                setStart(v);
                setEnd(null);
                setAllDay(false);
                setTaken(null);
              }}
              searchable
              comboboxProps={{ withinPortal: true }}
              maxDropdownHeight={240}
            />
            <Select
              label={t('booking.end')}
              data={endOptions}
              value={end}
              onChange={(v) => {
                setEnd(v);
                setAllDay(false);
              }}
              searchable
              comboboxProps={{ withinPortal: true }}
              maxDropdownHeight={240}
              disabled={!start}
            />
          </SimpleGrid>
          {/* Only the answer for the period on screen: never a stale one while the choice changes. */}
          {availability.data && debounced && debounced === chosen && (
            <Alert
              color={availability.data.available ? (availability.data.needsApproval ? 'yellow' : 'green') : 'red'}
              data-testid="availability"
            >
              {availability.data.available
                ? availability.data.needsApproval
                  ? t('booking.specialTrip')
                  : t('booking.available')
                : availability.data.message}
            </Alert>
          )}
          {others && !booking && (
            <Select
              label={t('booking.driver')}
              data={(bookers.data?.bookers ?? []).map((b) => ({
                value: b.id,
                label: b.departmentName ? `${b.name} (${b.departmentName})` : b.name,
              }))}
              value={driver}
              onChange={(v) => setDriver(v ?? myId)}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <TextInput
            label={t('booking.reason')}
            value={details.reason}
            onChange={(e) => setDetails({ ...details, reason: e.currentTarget.value })}
            maxLength={500}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {DETAILS.filter((d) => d !== 'reason').map((d) => (
              <TextInput
                key={d}
                label={t(`booking.${d}`)}
                value={details[d]}
                onChange={(e) => setDetails({ ...details, [d]: e.currentTarget.value })}
                maxLength={500}
              />
            ))}
          </SimpleGrid>
          <Textarea
            label={t('booking.infoText')}
            value={details.infoText}
            onChange={(e) => setDetails({ ...details, infoText: e.currentTarget.value })}
            autosize
            minRows={2}
            maxLength={2000}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {repeat && !booking ? (
            <VehicleSeriesSection
              vehicleId={vehicle.id}
              date={day}
              fromTime={start}
              toTime={end}
              extra={{ ...detailPayload(), ...(driver !== myId ? { forUserId: driver } : {}) }}
              onDone={onClose}
            />
          ) : (
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {tc('actions.cancel')}
              </Button>
              <Button onClick={submit} loading={save.isPending} disabled={!von || !bis}>
                {booking ? t('booking.save') : t('booking.submit')}
              </Button>
            </Group>
          )}
        </Stack>
      </DatesProvider>
    </Modal>
  );
}
