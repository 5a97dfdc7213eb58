import type { MapState } from '@contracts/reading-rooms';

/** Colours of the map states (legend and markers); text on fill has a contrast of at least 4.5:1 (WCAG AA, states.test.ts). */
export const STATE_COLOURS: Record<MapState, { fill: string; text: string; border: string }> = {
  frei: { fill: '#237a35', text: '#ffffff', border: '#15501f' },
  teilweise: { fill: '#f08c00', text: '#1a1a1a', border: '#a35f00' },
  belegt: { fill: '#c92a2a', text: '#ffffff', border: '#8a1c1c' },
  meins: { fill: '#1971c2', text: '#ffffff', border: '#0f4f8a' },
  geschlossen: { fill: '#6c757d', text: '#ffffff', border: '#495057' },
  inaktiv: { fill: '#dee2e6', text: '#495057', border: '#adb5bd' },
};

export const FAVOURITE_COLOUR = '#fab005';

export const LEGEND_STATES: MapState[] = ['frei', 'teilweise', 'belegt', 'meins', 'geschlossen', 'inaktiv'];
