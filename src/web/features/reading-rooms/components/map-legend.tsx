import { Group, Text } from '@mantine/core';
import { FAVOURITE_COLOUR, LEGEND_STATES, STATE_COLOURS, STATE_PATTERNS } from '../states';
import { useRT } from '../use-rt';

/** Colour legend of the map (SPEC §2: room plan with colour legend and favourite places). */
export function MapLegend() {
  const rt = useRT();
  return (
    <Group gap="md" role="list" aria-label={rt('legend')} data-testid="map-legend">
      {LEGEND_STATES.map((s) => (
        <Group key={s} gap={6} role="listitem" wrap="nowrap">
          <span
            aria-hidden
            style={{
              width: 18,
              height: 18,
              borderRadius: '50%',
              backgroundColor: STATE_COLOURS[s].fill,
              backgroundImage: STATE_PATTERNS[s].backgroundImage,
              border: `2px ${STATE_PATTERNS[s].borderStyle} ${STATE_COLOURS[s].border}`,
              boxShadow: STATE_PATTERNS[s].inset,
              display: 'inline-block',
              flex: 'none',
            }}
          />
          <Text size="sm">{rt(`state.${s}`)}</Text>
        </Group>
      ))}
      <Group gap={6} role="listitem" wrap="nowrap">
        <span aria-hidden style={{ color: FAVOURITE_COLOUR, fontSize: 16, textShadow: '0 0 1px #000' }}>
          ★
        </span>
        <Text size="sm">{rt('state.favorit')}</Text>
      </Group>
    </Group>
  );
}
