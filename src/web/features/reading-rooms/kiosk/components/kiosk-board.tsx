import type { KioskBoardResponse } from '@contracts/reading-rooms';
import { formatTime } from '@domain/time';
import { Alert, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { isApiError } from '@web/lib/api-client';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useKioskBoard } from '../api/use-kiosk-board';
import { useKT } from '../use-kt';
import classes from './kiosk-board.module.css';

type KioskObject = KioskBoardResponse['objects'][number];

// The QR dialogs (Modal, focus trap, QR encoder) load when a display is tapped, not with the board (docs/product.md#performance-budgets).
const KioskQrDialog = lazy(() => import('./kiosk-qr-dialogs').then((m) => ({ default: m.KioskQrDialog })));
const KioskAllQrDialog = lazy(() => import('./kiosk-qr-dialogs').then((m) => ({ default: m.KioskAllQrDialog })));

/** Same colours as the map (reading-rooms/states.ts): text contrast ≥ 4.5:1. */
const COLOURS: Record<KioskObject['now'], { fill: string; text: string }> = {
  frei: { fill: '#237a35', text: '#fff' },
  teilweise: { fill: '#f08c00', text: '#1a1a1a' },
  belegt: { fill: '#c92a2a', text: '#fff' },
  geschlossen: { fill: '#6c757d', text: '#fff' },
};

const label = (o: KioskObject) => (o.kind === 'raum' ? o.designation : (/(\d+)$/.exec(o.designation)?.[1] ?? o.designation));

function useClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** Full-screen occupancy board for a display at the entrance: large, live, without any names. */
export function KioskBoard({ token }: { token: string }) {
  const kt = useKT();
  const board = useKioskBoard(token);
  const now = useClock();
  const [qr, setQr] = useState<KioskObject | null>(null);
  const [allQr, setAllQr] = useState(false);

  if (board.isPending) return <Loader size="xl" />;
  if (board.error || !board.data) {
    return (
      <Alert color="red" title="Kiosk" fz="xl">
        {isApiError(board.error) && board.error.status === 404
          ? kt('kiosk.invalid')
          : isApiError(board.error)
            ? board.error.message
            : String(board.error)}
      </Alert>
    );
  }
  const data = board.data;
  const ratio = data.floorPlan.imageWidth && data.floorPlan.imageHeight ? data.floorPlan.imageWidth / data.floorPlan.imageHeight : 16 / 10;
  const counts = { frei: 0, teilweise: 0, belegt: 0, geschlossen: 0 };
  for (const o of data.objects) counts[o.now]++;
  const upcoming = data.objects.filter((o) => o.slots.length > 0);

  return (
    <Stack h="100%" gap="sm" data-testid="kiosk-board" style={{ overflowY: 'auto' }}>
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Title order={1} fz={{ base: 28, md: 40 }}>
            {kt('kiosk.title', { name: data.floorPlan.name })}
          </Title>
          <Text fz={{ base: 16, md: 22 }} c="dimmed">
            {data.tenantName}
          </Text>
        </div>
        <Stack gap={0} align="flex-end">
          {/* the server's minute may have passed when the browser takes the page over */}
          <Text fz={{ base: 32, md: 56 }} fw={800} lh={1} aria-live="off" suppressHydrationWarning>
            {formatTime(now)}
          </Text>
          <Text fz="sm" c="dimmed">
            {kt('kiosk.lastUpdate', { time: formatTime(new Date(board.dataUpdatedAt)) })}
          </Text>
        </Stack>
      </Group>
      {!data.day.bookable ? (
        <Alert color="gray" fz="xl">
          {kt('kiosk.closedToday')}
        </Alert>
      ) : null}
      <Group gap="lg" fz={{ base: 18, md: 26 }} fw={700} data-testid="kiosk-counts">
        {(['frei', 'teilweise', 'belegt'] as const).map((s) => (
          <Group key={s} gap={8} wrap="nowrap">
            <span
              aria-hidden
              style={{ width: 22, height: 22, borderRadius: '50%', background: COLOURS[s].fill, display: 'inline-block' }}
            />
            <span data-testid={`kiosk-count-${s}`}>
              {counts[s]} {kt(`state.${s}`)}
            </span>
          </Group>
        ))}
        <Button variant="default" size="md" ml="auto" onClick={() => setAllQr(true)}>
          {kt('kiosk.qrAll')}
        </Button>
      </Group>
      <div className={classes.body}>
        <Box
          className={classes.plan}
          style={{
            flex: 3,
            width: '100%',
            maxHeight: '100%',
            aspectRatio: `${ratio}`,
            position: 'relative',
            border: '1px solid #ced4da',
            borderRadius: 8,
            overflow: 'hidden',
            background: '#fafaf7',
          }}
        >
          {data.floorPlan.imageUrl ? (
            <img src={data.floorPlan.imageUrl} alt="" fetchPriority="high" style={{ width: '100%', height: '100%', display: 'block' }} />
          ) : null}
          {data.objects.map((o) => (
            <button
              key={o.id}
              type="button"
              data-seat={o.designation}
              data-now={o.now}
              aria-label={`${o.designation}: ${kt(`state.${o.now}`)}`}
              onClick={() => setQr(o)}
              style={{
                position: 'absolute',
                left: `${o.x}%`,
                top: `${o.y}%`,
                transform: 'translate(-50%, -50%)',
                minWidth: o.kind === 'raum' ? '9%' : '2.6%',
                aspectRatio: o.kind === 'raum' ? undefined : '1',
                padding: o.kind === 'raum' ? '0.4em 0.6em' : 0,
                borderRadius: o.kind === 'raum' ? 6 : '50%',
                border: '2px solid rgba(0,0,0,.35)',
                background: COLOURS[o.now].fill,
                color: COLOURS[o.now].text,
                fontWeight: 800,
                fontSize: 'clamp(9px, 1.1vw, 22px)',
                cursor: 'pointer',
                whiteSpace: 'nowrap',
              }}
            >
              {label(o)}
            </button>
          ))}
        </Box>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: on a wall display the list scrolls on its own, and the keyboard must reach it although it holds nothing to press (WCAG 2.1.1) */}
        <section className={classes.rest} tabIndex={0} aria-labelledby="kiosk-rest-of-day">
          <Title order={2} fz={{ base: 18, md: 24 }} id="kiosk-rest-of-day">
            {kt('kiosk.restOfDay')}
          </Title>
          {upcoming.length === 0 ? <Text c="dimmed">–</Text> : null}
          {upcoming.map((o) => (
            <Text key={o.id} fz={{ base: 15, md: 19 }} data-testid="kiosk-slot">
              <b>{o.designation}</b>: {o.slots.map((s) => `${formatTime(s.von)}–${formatTime(s.bis)}`).join(', ')}
            </Text>
          ))}
        </section>
      </div>

      {qr || allQr ? (
        <Suspense fallback={null}>
          {qr ? <KioskQrDialog object={qr} origin={window.location.origin} onClose={() => setQr(null)} /> : null}
          {allQr ? <KioskAllQrDialog objects={data.objects} origin={window.location.origin} onClose={() => setAllQr(false)} /> : null}
        </Suspense>
      ) : null}
    </Stack>
  );
}
