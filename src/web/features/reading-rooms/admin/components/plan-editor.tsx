import type { AdminObjectDto, FloorPlanDto } from '@contracts/reading-rooms';
import { Box, Text } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useAT } from '../use-at';

interface PlanEditorProps {
  plan: FloorPlanDto;
  objects: AdminObjectDto[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Called once a drag (or a run of arrow keys) ends, with the new position in percent. */
  onMove: (id: string, x: number, y: number) => void;
}

const round = (n: number) => Math.round(Math.min(100, Math.max(0, n)) * 100) / 100;

/** The plan with its seats and rooms; drag them with mouse or finger, or move the selected one with the arrow keys. */
export function PlanEditor({ plan, objects, selectedId, onSelect, onMove }: PlanEditorProps) {
  const at = useAT();
  const frame = useRef<HTMLDivElement>(null);
  const [local, setLocal] = useState<Record<string, { x: number; y: number }>>({});
  const drag = useRef<{ id: string; moved: boolean } | null>(null);
  const ratio = plan.imageWidth && plan.imageHeight ? plan.imageHeight / plan.imageWidth : 10 / 16;

  // biome-ignore lint/correctness/useExhaustiveDependencies: positions saved by the server replace the dragged ones
  useEffect(() => setLocal({}), [objects]);

  const pos = (o: AdminObjectDto) => local[o.id] ?? { x: o.x, y: o.y };

  const toPercent = (clientX: number, clientY: number) => {
    const r = frame.current!.getBoundingClientRect();
    return { x: round(((clientX - r.left) / r.width) * 100), y: round(((clientY - r.top) / r.height) * 100) };
  };

  const down = (e: PointerEvent<HTMLButtonElement>, id: string) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { id, moved: false };
    onSelect(id);
  };
  const move = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag.current) return;
    drag.current.moved = true;
    const p = toPercent(e.clientX, e.clientY);
    setLocal((l) => ({ ...l, [drag.current!.id]: p }));
  };
  const up = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    drag.current = null;
    if (d?.moved) {
      const p = toPercent(e.clientX, e.clientY);
      onMove(d.id, p.x, p.y);
    }
  };
  const key = (e: KeyboardEvent<HTMLButtonElement>, o: AdminObjectDto) => {
    const step = e.shiftKey ? 2 : 0.5;
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const d = delta[e.key];
    if (!d) return;
    e.preventDefault();
    const p = pos(o);
    setLocal((l) => ({ ...l, [o.id]: { x: round(p.x + d[0]), y: round(p.y + d[1]) } }));
  };
  const keyUp = (e: KeyboardEvent<HTMLButtonElement>, o: AdminObjectDto) => {
    if (e.key.startsWith('Arrow') && local[o.id]) onMove(o.id, local[o.id]!.x, local[o.id]!.y);
  };

  return (
    <Box>
      <Text size="xs" c="dimmed" mb={4}>
        {at('admin.dragHint')}
      </Text>
      <Box
        ref={frame}
        data-testid="plan-editor"
        style={{
          position: 'relative',
          width: '100%',
          paddingTop: `${ratio * 100}%`,
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 8,
          overflow: 'hidden',
          background: '#fafaf7',
          touchAction: 'none',
        }}
      >
        {plan.imageUrl ? (
          <img
            src={plan.imageUrl}
            alt=""
            draggable={false}
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
          />
        ) : null}
        {objects.map((o) => {
          const p = pos(o);
          const sel = o.id === selectedId;
          return (
            <button
              key={o.id}
              type="button"
              data-seat={o.designation}
              aria-label={o.designation}
              aria-pressed={sel}
              onPointerDown={(e) => down(e, o.id)}
              onPointerMove={move}
              onPointerUp={up}
              onKeyDown={(e) => key(e, o)}
              onKeyUp={(e) => keyUp(e, o)}
              onClick={() => onSelect(o.id)}
              style={{
                position: 'absolute',
                left: `${p.x}%`,
                top: `${p.y}%`,
                transform: 'translate(-50%, -50%)',
                minWidth: o.kind === 'raum' ? 70 : 24,
                height: o.kind === 'raum' ? 30 : 24,
                borderRadius: o.kind === 'raum' ? 6 : '50%',
                background: o.active ? (sel ? '#1c7ed6' : '#495057') : '#ced4da',
                color: '#fff',
                border: sel ? '3px solid #fab005' : '2px solid #fff',
                fontSize: 10,
                fontWeight: 700,
                cursor: 'grab',
                padding: '0 4px',
                whiteSpace: 'nowrap',
              }}
            >
              {o.kind === 'raum' ? o.designation : (/(\d+)$/.exec(o.designation)?.[1] ?? o.designation)}
            </button>
          );
        })}
      </Box>
    </Box>
  );
}
