import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Area, BookingLimitsDto, BookingMode, MapObjectDto, MapResponse } from '../../../../contracts/reading-rooms';
import { formatDate, formatTime } from '../../../../domain/time';
import { isApiError } from '../../../lib/api-client';
import { useCreateBooking } from '../api/use-create-booking';
import { usePeople } from '../api/use-people';
import { FAVOURITE_COLOUR, STATE_COLOURS } from '../states';
import { useRT } from '../use-rt';
import { timeSteps } from '../time-steps';

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
export function BookingDialog({ area, object, day, date, initialMode, initialVon, initialBis, limits, favourite, onToggleFavourite, onClose }: BookingDialogProps) {
  const rt = useRT();
  const [mode, setMode] = useState<BookingMode>(initialMode);
  const steps = useMemo(() => (day.von && day.bis ? timeSteps(day.von, day.bis, limits.intervalMinutes) : []), [day.von, day.bis, limits.intervalMinutes]);
  const [von, setVon] = useState<string | null>(initialVon ?? steps[0] ?? null);
  const [bis, setBis] = useState<string | null>(initialBis ?? steps[Math.min(steps.length - 1, Math.max(1, Math.ceil(limits.minMinutes / limits.intervalMinutes)))] ?? null);
  const [groupSize, setGroupSize] = useState<number>(1);
  const [forOther, setForOther] = useState(false);
  const [person, setPerson] = useState<string | null>(null);
  const people = usePeople(forOther);
  const create = useCreateBooking();

  // A fresh form whenever another seat or room is opened.
  useEffect(() => {
    setMode(initialMode);
    setGroupSize(1);
    setForOther(false);
    setPerson(null);
    create.reset();
  }, [object?.id]);

  if (!object) return null;
  const bookable = day.bookable && object.active;
  const colours = STATE_COLOURS[object.state];

  const submit = () => {
    create.mutate(
      {
        objectId: object.id,
        date,
        mode,
        ...(mode === 'stuendlich' ? { von: von ?? undefined, bis: bis ?? undefined } : {}),
        groupSize: object.kind === 'raum' ? groupSize : 1,
        ...(forOther && person ? { forUserId: person } : {}),
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
              <span style={{ color: favourite ? FAVOURITE_COLOUR : 'var(--mantine-color-gray-6)', fontSize: 20 }}>{favourite ? '★' : '☆'}</span>
            </ActionIcon>
          </Tooltip>
        </Group>
      }
      size="lg"
    >
      <Stack gap="sm">
        <Group gap="xs">
          <span style={{ background: colours.fill, color: colours.text, borderRadius: 4, padding: '2px 8px', fontSize: 13, fontWeight: 600 }}>{rt(`state.${object.state}`)}</span>
          <Text size="sm">
            {rt(`kind.${object.kind}`)}
            {object.kind === 'raum' ? ` · ${rt('dialog.groupSizeHint', { capacity: object.capacity })}` : ''}
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
            />
            {mode === 'stuendlich' ? (
              <Group grow>
                <Select label={rt('toolbar.from')} data={steps.slice(0, -1)} value={von} onChange={setVon} allowDeselect={false} />
                <Select label={rt('toolbar.to')} data={steps.filter((s) => !von || s > von)} value={bis} onChange={setBis} allowDeselect={false} />
              </Group>
            ) : null}
            {object.kind === 'raum' ? (
              <NumberInput label={rt('dialog.groupSize')} description={rt('dialog.groupSizeHint', { capacity: object.capacity })} min={1} max={object.capacity} value={groupSize} onChange={(v) => setGroupSize(Number(v) || 1)} />
            ) : null}
            <Checkbox label={rt('dialog.forOther')} description={rt('dialog.forOtherHint')} checked={forOther} onChange={(e) => setForOther(e.currentTarget.checked)} />
            {forOther ? (
              <Select
                label={rt('dialog.person')}
                data={(people.data?.people ?? []).map((p) => ({ value: p.id, label: p.name }))}
                value={person}
                onChange={setPerson}
                searchable
                nothingFoundMessage="–"
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
          {bookable ? (
            <Button onClick={submit} loading={create.isPending} disabled={forOther && !person} data-area={area}>
              {forOther ? rt('dialog.prebook') : rt('dialog.book')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
