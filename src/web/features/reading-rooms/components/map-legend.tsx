import plain from '@web/components/plain.module.css';
import { memo } from 'react';
import { FAVOURITE_COLOUR, LEGEND_STATES, STATE_COLOURS, STATE_PATTERNS } from '../states';
import { useRT } from '../use-rt';
import css from './map-legend.module.css';

/**
 * Colour legend of the map (docs/product.md#dialogs-and-panels: room plan with colour legend and favourite places). Plain list
 * elements that render once: the map's answers do not change it (decision 184).
 */
export const MapLegend = memo(function MapLegend() {
  const rt = useRT();
  return (
    <ul className={plain.legend} aria-label={rt('legend')} data-testid="map-legend">
      {LEGEND_STATES.map((s) => (
        <li key={s} className={plain.legendItem} data-size="sm">
          <span
            aria-hidden
            className={css.swatch}
            style={{
              backgroundColor: STATE_COLOURS[s].fill,
              backgroundImage: STATE_PATTERNS[s].backgroundImage,
              border: `2px ${STATE_PATTERNS[s].borderStyle} ${STATE_COLOURS[s].border}`,
              boxShadow: STATE_PATTERNS[s].inset,
            }}
          />
          {rt(`state.${s}`)}
        </li>
      ))}
      <li className={plain.legendItem} data-size="sm">
        <span aria-hidden className={css.star} style={{ color: FAVOURITE_COLOUR }}>
          ★
        </span>
        {rt('state.favorit')}
      </li>
    </ul>
  );
});
