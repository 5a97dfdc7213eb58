import { Legend } from '@web/components/legend';
import { memo } from 'react';
import { FAVOURITE_COLOUR, LEGEND_STATES, STATE_COLOURS, STATE_PATTERNS } from '../states';
import { useRT } from '../use-rt';
import css from './map-legend.module.css';

/**
 * Colour legend of the map (docs/product.md#dialogs-and-panels: room plan with colour legend and favourite places).
 * Memoised: the map's answers do not change it.
 */
export const MapLegend = memo(function MapLegend() {
  const rt = useRT();
  return (
    <Legend
      label={rt('legend')}
      testId="map-legend"
      size="sm"
      items={[
        ...LEGEND_STATES.map((s) => ({
          key: s,
          label: rt(`state.${s}`),
          mark: (
            <span
              className={css.swatch}
              style={{
                backgroundColor: STATE_COLOURS[s].fill,
                backgroundImage: STATE_PATTERNS[s].backgroundImage,
                border: `2px ${STATE_PATTERNS[s].borderStyle} ${STATE_COLOURS[s].border}`,
                boxShadow: STATE_PATTERNS[s].inset,
              }}
            />
          ),
        })),
        {
          key: 'favorit',
          label: rt('state.favorit'),
          mark: (
            <span className={css.star} style={{ color: FAVOURITE_COLOUR }}>
              ★
            </span>
          ),
        },
      ]}
    />
  );
});
