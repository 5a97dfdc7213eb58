import type { Area, BookingLimitsDto, BookingMode, MapObjectDto, MapResponse } from '@contracts/reading-rooms';
import { bookedTimes } from '@domain/reading-room-booking';
import { formatDate, formatTime } from '@domain/time';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useEffect, useMemo, useState } from 'react';
import { useCreateBooking } from '../api/use-create-booking';
import { PEOPLE_SEARCH_MIN, usePeopleSearch } from '../api/use-people';
import { FAVOURITE_COLOUR, STATE_COLOURS } from '../states';
import { timeSteps } from '../time-steps';
import { useRT } from '../use-rt';
import { SeriesSection } from './series-section';

interface BookingDialogProps {
  area: Area;
  object: MapObjectDto | null;
  day: MapResponse['day'];
  date: string;
  initialMode: BookingMode;
  initialVon?: string;
  initialBis?: string;
  limits: BookingLimitsDto;
  favourite: boolean;
  onToggleFavourite: () => void;
  onClose: () => void;
}

/** Booking a seat or room: all day, morning, afternoon or hours; group size; pre-booking for someone else. */
export function BookingDialog({
  area,
  object,
  day,
  date,
  initialMode,
  initialVon,
  initialBis,
  limits,
  favourite,
  onToggleFavourite,
  onClose,
}: BookingDialogProps) {
  const rt = useRT();
  const [mode, setMode] = useState<BookingMode>(initialMode);
  const steps = useMemo(
    () => (day.von && day.bis ? timeSteps(day.von, day.bis, limits.intervalMinutes) : []),
    [day.von, day.bis, limits.intervalMinutes],
  );
  const [von, setVon] = useState<string | null>(initialVon ?? steps[0] ?? null);
  const [bis, setBis] = useState<string | null>(
    initialBis ?? steps[Math.min(steps.length - 1, Math.max(1, Math.ceil(limits.minMinutes / limits.intervalMinutes)))] ?? null,
  );
  const [groupSize, setGroupSize] = useState<number>(1);
  const [forOther, setForOther] = useState(false);
  const [series, setSeries] = useState(false);
  const [person, setPerson] = useState<{ value: string; label: string } | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const people = usePeopleSearch(forOther ? debouncedSearch : '');
  // Four period options do not fit side by side on a phone: there they stand one below the other.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const create = useCreateBooking();

  // A fresh form whenever another seat or room is opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the inputs are the seat or room that was opened
  useEffect(() => {
    setMode(initialMode);
    setGroupSize(1);
    setForOther(false);
    setSeries(false);
    setPerson(null);
    setSearch('');
    create.reset();
  }, [object?.id]);

  if (!object) return null;
  const bookable = day.bookable && object.active;
  // The period a whole or half day really gets: it starts now when it has begun, and the maximum duration may end it early (decision 035).
  const period = (() => {
    if (!bookable || mode === 'stuendlich') return null;
    try {
      return bookedTimes(
        { date, bookable: day.bookable, von: day.von, bis: day.bis, source: day.source },
        { mode },
        limits.maxMinutes,
        new Date(),
      );
    } catch {
      return null;
    }
  })();
  const options = [
    ...(person ? [person] : []),
    ...(people.data?.people ?? []).filter((p) => p.id !== person?.value).map((p) => ({ value: p.id, label: p.name })),
  ];
  const searchHint =
    search.trim().length < PEOPLE_SEARCH_MIN
      ? rt('dialog.personSearchHint')
      : people.isFetching
        ? rt('dialog.personSearching')
        : rt('dialog.personNone');
  const colours = STATE_COLOURS[object.state];

  const submit = () => {
    create.mutate(
      {
        objectId: object.id,
        date,
        mode,
        ...(mode === 'stuendlich' ? { von: von ?? undefined, bis: bis ?? undefined } : {}),
        groupSize: object.kind === 'raum' ? groupSize : 1,
        ...(forOther && person ? { forUserId: person.value } : {}),
      },
      {
        onSuccess: (b) => {
          notifications.show({
            color: 'green',
            message: b.confirming
              ? rt('notify.prebooked', { name: b.objectName, person: b.confirming.name })
              : rt('notify.booked', { name: b.objectName, date: formatDate(b.von), von: formatTime(b.von), bis: formatTime(b.bis) }),
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        <Group gap="xs">
          <Text fw={700} size="lg">
            {bookable ? rt('dialog.title', { name: object.designation }) : object.designation}
          </Text>
          <Tooltip label={favourite ? rt('dialog.unfavourite') : rt('dialog.favourite')}>
            <ActionIcon
              variant="subtle"
              aria-label={favourite ? rt('dialog.unfavourite') : rt('dialog.favourite')}
              aria-pressed={favourite}
              onClick={onToggleFavourite}
              data-testid="favourite-toggle"
            >
              <span style={{ color: favourite ? FAVOURITE_COLOUR : 'var(--mantine-color-gray-6)', fontSize: 20 }}>
                {favourite ? '★' : '☆'}
              </span>
            </ActionIcon>
          </Tooltip>
        </Group>
      }
      size="lg"
    >
      <Stack gap="sm">
        <Group gap="xs">
          <span
            style={{ background: colours.fill, color: colours.text, borderRadius: 4, padding: '2px 8px', fontSize: 13, fontWeight: 600 }}
          >
            {rt(`state.${object.state}`)}
          </span>
          <Text size="sm">
            {rt(`kind.${object.kind}`)}
            {object.kind === 'raum' ? ` · ${rt('dialog.groupSizeHint', { count: object.capacity })}` : ''}
          </Text>
        </Group>
        {object.equipment.length > 0 ? (
          <Text size="sm">
            <b>{rt('dialog.equipment')}:</b> {object.equipment.map((e) => (e.count > 1 ? `${e.count}× ${e.name}` : e.name)).join(', ')}
          </Text>
        ) : null}
        {object.description ? (
          <Text size="sm">
            <b>{rt('dialog.description')}:</b> {object.description}
          </Text>
        ) : null}
        {object.conditions ? (
          <Text size="sm">
            <b>{rt('dialog.conditions')}:</b> {object.conditions}
          </Text>
        ) : null}
        <div>
          <Text size="sm" fw={600}>
            {rt('dialog.bookedPeriods')} ({formatDate(`${date}T12:00:00Z`)})
          </Text>
          {object.bookings.length === 0 ? (
            <Text size="sm" c="dimmed">
              {rt('dialog.noBookings')}
            </Text>
          ) : (
            <Text size="sm" component="ul" m={0} pl="md">
              {object.bookings.map((b) => (
                <li key={b.id}>
                  {formatTime(b.von)}–{formatTime(b.bis)}
                  {object.kind === 'raum' ? ` · ${rt('dialog.places', { count: b.places })}` : ''}
                  {b.mine ? ` · ${rt('dialog.mine')}` : ''}
                </li>
              ))}
            </Text>
          )}
        </div>

        {bookable ? (
          <>
            <SegmentedControl
              aria-label={rt('dialog.period')}
              value={mode}
              onChange={(v) => setMode(v as BookingMode)}
              data={[
                { value: 'ganztags', label: rt('timeOfDay.ganztags') },
                { value: 'vormittags', label: rt('timeOfDay.vormittags') },
                { value: 'nachmittags', label: rt('timeOfDay.nachmittags') },
                { value: 'stuendlich', label: rt('mode.stuendlich') },
              ]}
              fullWidth
              orientation={narrow ? 'vertical' : 'horizontal'}
              data-testid="period-switch"
            />
            {period ? (
              <Text size="sm" data-testid="booked-period">
                {rt('dialog.bookedPeriod', { von: period.von, bis: period.bis })}
              </Text>
            ) : null}
            {mode === 'stuendlich' ? (
              <Group grow>
                <Select label={rt('toolbar.from')} data={steps.slice(0, -1)} value={von} onChange={setVon} allowDeselect={false} />
                <Select
                  label={rt('toolbar.to')}
                  data={steps.filter((s) => !von || s > von)}
                  value={bis}
                  onChange={setBis}
                  allowDeselect={false}
                />
              </Group>
            ) : null}
            {object.kind === 'raum' ? (
              <NumberInput
                label={rt('dialog.groupSize')}
                description={rt('dialog.groupSizeHint', { count: object.capacity })}
                min={1}
                max={object.capacity}
                value={groupSize}
                onChange={(v) => setGroupSize(Number(v) || 1)}
              />
            ) : null}
            {object.kind === 'platz' && !forOther ? (
              <Checkbox
                label={rt('series.toggle')}
                description={rt('series.toggleHint')}
                checked={series}
                onChange={(e) => setSeries(e.currentTarget.checked)}
                data-testid="series-toggle"
              />
            ) : null}
            {series && !forOther ? (
              <SeriesSection
                objectId={object.id}
                date={date}
                mode={mode}
                von={von ?? undefined}
                bis={bis ?? undefined}
                groupSize={1}
                onDone={onClose}
              />
            ) : null}
            <Checkbox
              disabled={series}
              label={rt('dialog.forOther')}
              description={rt('dialog.forOtherHint')}
              checked={forOther}
              onChange={(e) => setForOther(e.currentTarget.checked)}
            />
            {forOther ? (
              <Select
                label={rt('dialog.person')}
                description={rt('dialog.personSearchHint')}
                placeholder={rt('dialog.personPlaceholder')}
                data={options}
                value={person?.value ?? null}
                onChange={(value, option) => setPerson(value && option ? { value, label: option.label } : null)}
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                // The server already searched; the list shows its answer as it is.
                filter={({ options: all }) => all}
                nothingFoundMessage={searchHint}
              />
            ) : null}
          </>
        ) : (
          <Alert color="gray">{rt('dialog.notBookable')}</Alert>
        )}
        {create.error ? (
          <Alert color="red" title={rt('notify.failed')} role="alert">
            {isApiError(create.error) ? create.error.message : String(create.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {rt('dialog.cancel')}
          </Button>
          {bookable && !series ? (
            <Button onClick={submit} loading={create.isPending} disabled={forOther && !person} data-area={area}>
              {forOther ? rt('dialog.prebook') : rt('dialog.book')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
