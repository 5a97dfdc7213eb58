import type { LockerDay } from '@contracts/lockers';
import { berlinDay } from '@domain/opening-hours';
import { guardRoute } from '@domain/permissions';
import { isIsoDay } from '@domain/time';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { DeferredDatePickerInput } from '@web/components/dates/deferred-date-inputs';
import { useMe } from '@web/lib/use-me';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLockerDay } from '../api/use-locker-day';
import { useReleaseLocker } from '../api/use-release-locker';
import { useTakeLocker } from '../api/use-take-locker';
import { lockerColour, PlanWithLockers } from './plan-with-lockers';

const LockerAdmin = lazy(() => import('./locker-admin').then((m) => ({ default: m.LockerAdmin })));

const germanDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

function Legend() {
  const { t } = useTranslation('evaluation');
  return (
    <Group gap="md">
      {(['free', 'taken', 'mine'] as const).map((state) => (
        <Group key={state} gap={6}>
          <span
            aria-hidden
            style={{
              width: 14,
              height: 14,
              borderRadius: 3,
              background: lockerColour(state).bg,
              border: `2px solid ${lockerColour(state).border}`,
            }}
          />
          <Text size="sm">{t(`lockers.legend${state === 'free' ? 'Free' : state === 'taken' ? 'Taken' : 'Mine'}`)}</Text>
        </Group>
      ))}
    </Group>
  );
}

function PlanCard({ data, planId }: { data: LockerDay; planId: string }) {
  const { t } = useTranslation('evaluation');
  const take = useTakeLocker();
  const desk = data.desks.find((d) => d.floorPlanId === planId)!;
  const lockers = data.lockers.filter((l) => l.floorPlanId === planId);
  const free = lockers.filter((l) => l.free).length;
  const failed = (e: Error) => notifications.show({ color: 'red', message: e.message });
  const took = (d: LockerDay) =>
    d.mine && notifications.show({ color: 'green', message: t('lockers.taken', { number: d.mine.number, day: germanDay(d.day) }) });
  const placed = lockers.map((l) => {
    const state = data.mine?.lockerId === l.id ? 'mine' : l.free ? 'free' : 'taken';
    const stateText = t(`lockers.legend${state === 'free' ? 'Free' : state === 'taken' ? 'Taken' : 'Mine'}`);
    return { ...l, state, label: t('lockers.lockerLabel', { number: l.number, state: stateText }) } as const;
  });
  const canTake = data.mine === null;
  return (
    <Card withBorder padding="md" component="section" aria-label={desk.floorPlan}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {desk.floorPlan}
          </Title>
          <Badge variant="light" color={free > 0 ? 'green' : 'gray'}>
            {t('lockers.free', { count: free })}
          </Badge>
        </Group>
        {lockers.length === 0 ? <Text size="sm">{t('lockers.noLockers')}</Text> : <Legend />}
        {canTake && free > 0 ? (
          <Button
            w="fit-content"
            loading={take.isPending}
            onClick={() => take.mutate({ date: data.day, floorPlanId: planId }, { onSuccess: took, onError: failed })}
          >
            {t('lockers.give')}
          </Button>
        ) : null}
        {desk.imageUrl && lockers.length > 0 ? (
          <PlanWithLockers
            imageUrl={desk.imageUrl}
            alt={desk.floorPlan}
            lockers={placed}
            onLocker={
              canTake
                ? (l) => l.state === 'free' && take.mutate({ date: data.day, lockerId: l.id }, { onSuccess: took, onError: failed })
                : undefined
            }
          />
        ) : null}
        {canTake && lockers.length > 0 ? (
          <Group gap="xs" aria-label={t('lockers.legendFree')}>
            {placed
              .filter((l) => l.state === 'free')
              .map((l) => (
                <Button
                  key={l.id}
                  size="compact-sm"
                  variant="default"
                  onClick={() => take.mutate({ date: data.day, lockerId: l.id }, { onSuccess: took, onError: failed })}
                >
                  {t('lockers.pick', { number: l.number })}
                </Button>
              ))}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** /officelocker: pick a day, see your desk, get or pick a locker on its floor plan, see its number and place, give it back. */
export function OfficeLockerPage({ day, onDay }: { day: string | undefined; onDay: (day: string) => void }) {
  const { t } = useTranslation('evaluation');
  const me = useMe();
  const today = berlinDay(new Date());
  const current = day && isIsoDay(day) && day >= today ? day : today;
  const { data, error, isPending } = useLockerDay(current);
  const release = useReleaseLocker();
  const isRoomAdmin = guardRoute('/admin/raeume', new Set(me.permissions)).allowed;
  const planIds = [...new Set((data?.desks ?? []).map((d) => d.floorPlanId))];
  return (
    <Stack gap="md" maw={1000}>
      <Title order={1}>{t('lockers.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('lockers.intro')}
      </Text>
      <DeferredDatePickerInput
        label={t('lockers.day')}
        value={current}
        valueFormat="DD.MM.YYYY"
        minDate={today}
        onChange={(v) => v && onDay(String(v))}
        w={180}
        data-testid="locker-day"
      />
      {error ? <Alert color="red">{error.message}</Alert> : null}
      {isPending ? <Loader /> : null}
      {data ? (
        <>
          <Card withBorder padding="md" component="section" aria-label={t('lockers.mine')} bg={data.mine ? 'blue.0' : undefined}>
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('lockers.mine')}
              </Title>
              {data.mine ? (
                <>
                  <Text size="xl" fw={700} data-testid="my-locker">
                    {t('lockers.mineText', { number: data.mine.number, floorPlan: data.mine.floorPlan })}
                  </Text>
                  <Button
                    w="fit-content"
                    variant="outline"
                    color="red"
                    loading={release.isPending}
                    onClick={() => {
                      const number = data.mine?.number;
                      if (!data.mine) return;
                      release.mutate(data.mine.assignmentId, {
                        onSuccess: () => notifications.show({ color: 'green', message: t('lockers.released', { number }) }),
                        onError: (e) => notifications.show({ color: 'red', message: e.message }),
                      });
                    }}
                  >
                    {t('lockers.release')}
                  </Button>
                </>
              ) : (
                <Text size="sm">{data.desks.length > 0 ? t('lockers.none') : t('lockers.noDesk')}</Text>
              )}
              {data.desks.length > 0 ? (
                <Text size="sm">
                  {t('lockers.yourDesks')}: {data.desks.map((d) => `${d.designation} (${d.floorPlan})`).join(', ')}
                </Text>
              ) : (
                <Anchor component={Link} to="/arbeitswelt/karte" size="sm">
                  {t('lockers.bookDesk')}
                </Anchor>
              )}
            </Stack>
          </Card>
          {planIds.map((id) => (
            <PlanCard key={id} data={data} planId={id} />
          ))}
        </>
      ) : null}
      {isRoomAdmin ? (
        <Suspense fallback={<Loader size="sm" />}>
          <LockerAdmin />
        </Suspense>
      ) : null}
    </Stack>
  );
}
