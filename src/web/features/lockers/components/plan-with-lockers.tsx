import { Box, Image, UnstyledButton } from '@mantine/core';
import type { MouseEvent } from 'react';

export interface PlacedLocker {
  id: string;
  number: string;
  posX: number;
  posY: number;
  state: 'free' | 'taken' | 'mine' | 'inactive';
  label: string;
}

const COLOURS: Record<PlacedLocker['state'], { bg: string; fg: string; border: string }> = {
  free: { bg: 'var(--mantine-color-green-7)', fg: 'white', border: 'var(--mantine-color-green-9)' },
  taken: { bg: 'var(--mantine-color-gray-5)', fg: 'var(--mantine-color-dark-8)', border: 'var(--mantine-color-gray-7)' },
  mine: { bg: 'var(--mantine-color-blue-7)', fg: 'white', border: 'var(--mantine-color-blue-9)' },
  inactive: { bg: 'white', fg: 'var(--mantine-color-dark-4)', border: 'var(--mantine-color-gray-5)' },
};

export const lockerColour = (state: PlacedLocker['state']) => COLOURS[state];

/** A floor plan image with lockers as small numbered squares at their positions (percent of the image). */
export function PlanWithLockers({
  imageUrl,
  alt,
  lockers,
  onLocker,
  onPlan,
}: {
  imageUrl: string;
  alt: string;
  lockers: PlacedLocker[];
  onLocker?: (locker: PlacedLocker) => void;
  /** Click on the plan itself, with the position in percent (placing a new locker). */
  onPlan?: (posX: number, posY: number) => void;
}) {
  const place = (event: MouseEvent<HTMLDivElement>) => {
    if (!onPlan || event.target !== event.currentTarget.querySelector('img')) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    onPlan(Math.round(Math.min(100, Math.max(0, x)) * 10) / 10, Math.round(Math.min(100, Math.max(0, y)) * 10) / 10);
  };
  return (
    // Placing by pointer is an addition: every locker is also listed as a button below the plan.
    <Box pos="relative" onClick={place} style={{ cursor: onPlan ? 'crosshair' : undefined, maxWidth: 900 }}>
      <Image src={imageUrl} alt={alt} radius="sm" />
      {lockers.map((l) => {
        const c = COLOURS[l.state];
        return (
          <UnstyledButton
            key={l.id}
            aria-label={l.label}
            title={l.label}
            disabled={!onLocker || l.state === 'taken'}
            onClick={(e: MouseEvent<HTMLButtonElement>) => {
              e.stopPropagation();
              onLocker?.(l);
            }}
            style={{
              position: 'absolute',
              left: `${l.posX}%`,
              top: `${l.posY}%`,
              transform: 'translate(-50%, -50%)',
              minWidth: 28,
              height: 28,
              padding: '0 4px',
              borderRadius: 4,
              background: c.bg,
              color: c.fg,
              border: `2px solid ${c.border}`,
              fontSize: 12,
              fontWeight: 700,
              textAlign: 'center',
              lineHeight: '24px',
            }}
          >
            {l.number}
          </UnstyledButton>
        );
      })}
    </Box>
  );
}
