import type { FloorPlanDto, MapObjectDto } from '@contracts/reading-rooms';
import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { PlainIconButton } from '@web/components/plain-button';
import { type KeyboardEvent, memo, type PointerEvent, useCallback, useEffect, useRef, useState, type WheelEvent } from 'react';
import { FAVOURITE_COLOUR, STATE_COLOURS, STATE_PATTERNS } from '../states';
import type { DeskNeighbour } from '../team';
import { useRT } from '../use-rt';

interface View {
  scale: number;
  x: number;
  y: number;
}

const MIN_SCALE = 1;
const MAX_SCALE = 5;
const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));
/**
 * The plan is never laid out narrower than this: markers are at least 24 px
 * (WCAG 2.5.8 target size) and seats of a dense plan do not overlap. On a
 * phone the frame shows part of the plan and pans sideways (drag, arrows).
 */
export const MIN_PLAN_WIDTH = 760;

/** Short label on a marker: the number of a seat (EG-05 → 05), the name of a room. */
export function markerLabel(o: Pick<MapObjectDto, 'kind' | 'designation'>): string {
  if (o.kind === 'raum') return o.designation;
  const m = /(\d+)$/.exec(o.designation);
  return m ? m[1]! : o.designation;
}

interface FloorPlanMapProps {
  plan: FloorPlanDto;
  objects: MapObjectDto[];
  favourites: ReadonlySet<string>;
  /** Objects not matching the filter are dimmed, not hidden: the plan stays readable. */
  visible: (o: MapObjectDto) => boolean;
  onSelect: (o: MapObjectDto) => void;
  /** „Mein Team heute“ (decision 110): colleagues at desks of the day, shown with their initials. */
  team?: ReadonlyMap<string, DeskNeighbour>;
}

/**
 * The floor plan with every seat and room as a coloured button. Zoom and pan
 * with mouse (wheel, drag), touch (drag, pinch) and keyboard (+, −, arrows, 0);
 * seats stay real buttons, so Tab and Enter book them too.
 */
export const FloorPlanMap = memo(function FloorPlanMap({ plan, objects, favourites, visible, onSelect, team }: FloorPlanMapProps) {
  const rt = useRT();
  // every marker is in the page the server renders (decision 207)
  const shown = objects.length;
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ moved: boolean; pinch?: number; origin?: View; start?: { x: number; y: number } }>({ moved: false });
  const ratio = plan.imageWidth && plan.imageHeight ? plan.imageHeight / plan.imageWidth : 10 / 16;
  const planWidth = Math.max(width, MIN_PLAN_WIDTH);
  const height = planWidth * ratio;

  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: another plan starts unzoomed
  useEffect(() => setView({ scale: 1, x: 0, y: 0 }), [plan.id]);

  const clamp = useCallback(
    (v: View): View => {
      const maxX = 0;
      const minX = width - planWidth * v.scale;
      const minY = height - height * v.scale;
      return { scale: v.scale, x: Math.min(maxX, Math.max(minX, v.x)), y: Math.min(0, Math.max(minY, v.y)) };
    },
    [width, planWidth, height],
  );

  const zoomAt = useCallback(
    (factor: number, cx = width / 2, cy = height / 2) =>
      setView((v) => {
        const scale = clampScale(v.scale * factor);
        const k = scale / v.scale;
        return clamp({ scale, x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k });
      }),
    [clamp, width, height],
  );

  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (!e.ctrlKey && !e.metaKey && view.scale === 1 && e.deltaY > 0) return;
    const rect = frame.current!.getBoundingClientRect();
    zoomAt(e.deltaY < 0 ? 1.2 : 1 / 1.2, e.clientX - rect.left, e.clientY - rect.top);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) gesture.current = { moved: false, origin: view, start: { x: e.clientX, y: e.clientY } };
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      gesture.current = { moved: true, pinch: Math.hypot(a!.x - b!.x, a!.y - b!.y), origin: view };
    }
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = gesture.current;
    if (pointers.current.size === 2 && g.pinch && g.origin) {
      const [a, b] = [...pointers.current.values()];
      const rect = frame.current!.getBoundingClientRect();
      const cx = (a!.x + b!.x) / 2 - rect.left;
      const cy = (a!.y + b!.y) / 2 - rect.top;
      const scale = clampScale(g.origin.scale * (Math.hypot(a!.x - b!.x, a!.y - b!.y) / g.pinch));
      const k = scale / g.origin.scale;
      setView(clamp({ scale, x: cx - (cx - g.origin.x) * k, y: cy - (cy - g.origin.y) * k }));
      return;
    }
    if (pointers.current.size === 1 && g.start && g.origin) {
      const dx = e.clientX - g.start.x;
      const dy = e.clientY - g.start.y;
      if (!g.moved && Math.hypot(dx, dy) < 4) return;
      if (!g.moved) frame.current?.setPointerCapture(e.pointerId);
      g.moved = true;
      setView(clamp({ scale: g.origin.scale, x: g.origin.x + dx, y: g.origin.y + dy }));
    }
  };

  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size === 0) setTimeout(() => (gesture.current.moved = false), 0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = 60;
    const keys: Record<string, () => void> = {
      '+': () => zoomAt(1.25),
      '=': () => zoomAt(1.25),
      '-': () => zoomAt(1 / 1.25),
      '0': () => setView({ scale: 1, x: 0, y: 0 }),
      ArrowLeft: () => setView((v) => clamp({ ...v, x: v.x + step })),
      ArrowRight: () => setView((v) => clamp({ ...v, x: v.x - step })),
      ArrowUp: () => setView((v) => clamp({ ...v, y: v.y + step })),
      ArrowDown: () => setView((v) => clamp({ ...v, y: v.y - step })),
    };
    const action = keys[e.key];
    if (action && (e.target === e.currentTarget || e.key.length > 1 || '+-=0'.includes(e.key))) {
      if (e.key.startsWith('Arrow') && e.target !== e.currentTarget) return;
      e.preventDefault();
      action();
    }
  };

  // A click that ends a drag is not a pick.
  const pick = useCallback(
    (o: MapObjectDto) => {
      if (!gesture.current.moved) onSelect(o);
    },
    [onSelect],
  );

  // Never below 24 px: the smallest touch target WCAG 2.5.8 allows; on a phone the plan may be zoomed for more room.
  const size = Math.max(24, Math.min(34, planWidth * 0.024));

  return (
    <Box>
      <Group justify="space-between" mb={6} wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" visibleFrom="sm">
          {rt('map.keyboardHint')}
        </Text>
        <Group gap={4} wrap="nowrap" ml="auto">
          <PlainIconButton label={rt('map.zoomOut')} onClick={() => zoomAt(1 / 1.25)} disabled={view.scale <= MIN_SCALE}>
            −
          </PlainIconButton>
          <PlainIconButton label={rt('map.zoomIn')} onClick={() => zoomAt(1.25)} disabled={view.scale >= MAX_SCALE}>
            +
          </PlainIconButton>
          <PlainIconButton label={rt('map.reset')} onClick={() => setView({ scale: 1, x: 0, y: 0 })}>
            ⤢
          </PlainIconButton>
        </Group>
      </Group>
      {/* Screen readers learn that the list view is the map's accessible equivalent. */}
      <VisuallyHidden id={`map-alternative-${plan.id}`}>{rt('map.listAlternative')}</VisuallyHidden>
      <Box
        ref={frame}
        role="group"
        aria-label={rt('map.label', { name: plan.name })}
        aria-describedby={`map-alternative-${plan.id}`}
        tabIndex={0}
        data-testid="floor-plan-map"
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        style={{
          position: 'relative',
          width: '100%',
          height,
          overflow: 'hidden',
          touchAction: view.scale > 1 ? 'none' : 'pan-y',
          borderRadius: 8,
          border: '1px solid var(--mantine-color-gray-4)',
          background: '#fafaf7',
          cursor: 'grab',
          userSelect: 'none',
        }}
      >
        <div
          style={{
            position: 'absolute',
            left: 0,
            top: 0,
            width: planWidth,
            height,
            transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
            transformOrigin: '0 0',
            willChange: 'transform',
          }}
        >
          {plan.imageUrl ? (
            <img
              src={plan.imageUrl}
              alt=""
              // the screen's largest element: it goes before the styles and code the page fetches beside it
              fetchPriority="high"
              draggable={false}
              style={{ width: '100%', height: '100%', display: 'block', pointerEvents: 'none' }}
            />
          ) : (
            <Text c="dimmed" p="md">
              {rt('map.noImage')}
            </Text>
          )}
          {objects.slice(0, shown).map((o) => (
            <SeatMarker
              key={o.id}
              o={o}
              favourite={favourites.has(o.id)}
              colleague={team?.get(o.id)}
              dimmed={!visible(o)}
              size={size}
              onPick={pick}
            />
          ))}
        </div>
      </Box>
    </Box>
  );
});

/**
 * One seat or room on the plan. Memoised: a step that adds markers, or an
 * answer that changes one seat, renders only the markers that changed
 * (docs/product.md#performance-budgets: total blocking time; decision 172).
 */
const SeatMarker = memo(function SeatMarker({
  o,
  favourite: fav,
  colleague,
  dimmed,
  size,
  onPick,
}: {
  o: MapObjectDto;
  favourite: boolean;
  colleague: DeskNeighbour | undefined;
  dimmed: boolean;
  size: number;
  onPick: (o: MapObjectDto) => void;
}) {
  const rt = useRT();
  const c = STATE_COLOURS[o.state];
  const pattern = STATE_PATTERNS[o.state];
  const room = o.kind === 'raum';
  const label =
    rt('map.seat', { name: o.designation, state: rt(`state.${o.state}`) }) +
    (fav ? ` · ${rt('state.favorit')}` : '') +
    (colleague ? ` · ${colleague.name}` : '');
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-seat={o.designation}
      data-state={o.state}
      onClick={() => onPick(o)}
      style={{
        position: 'absolute',
        left: `${o.x}%`,
        top: `${o.y}%`,
        transform: 'translate(-50%, -50%)',
        minWidth: room ? size * 3.2 : size,
        height: room ? size * 1.5 : size,
        padding: room ? '0 6px' : 0,
        borderRadius: room ? 6 : '50%',
        backgroundColor: c.fill,
        backgroundImage: pattern.backgroundImage,
        color: c.text,
        border: `2px ${pattern.borderStyle} ${fav ? FAVOURITE_COLOUR : c.border}`,
        boxShadow: [fav ? `0 0 0 2px ${FAVOURITE_COLOUR}` : '', pattern.inset ?? ''].filter(Boolean).join(', ') || undefined,
        fontSize: Math.max(9, size * (room ? 0.42 : 0.44)),
        fontWeight: 700,
        lineHeight: 1,
        cursor: 'pointer',
        opacity: dimmed ? 0.25 : 1,
        whiteSpace: 'nowrap',
      }}
    >
      {markerLabel(o)}
      {fav ? (
        <span
          aria-hidden
          style={{
            position: 'absolute',
            top: -size * 0.45,
            right: -size * 0.35,
            color: FAVOURITE_COLOUR,
            fontSize: size * 0.6,
            textShadow: '0 0 2px #000',
          }}
        >
          ★
        </span>
      ) : null}
      {colleague ? (
        <span
          aria-hidden
          data-team-initials={colleague.initials}
          style={{
            position: 'absolute',
            top: size * 0.8,
            left: '50%',
            transform: 'translateX(-50%)',
            padding: '1px 4px',
            borderRadius: 4,
            background: '#1c3d5a',
            color: '#fff',
            fontSize: Math.max(10, size * 0.4),
            fontWeight: 700,
            lineHeight: 1.2,
            pointerEvents: 'none',
          }}
        >
          {colleague.initials}
        </span>
      ) : null}
    </button>
  );
});
