import type { MapState } from '../../../contracts/reading-rooms';

/** Colours of the map states (legend and markers); contrast checked against white text. */
export const STATE_COLOURS: Record<MapState, { fill: string; text: string; border: string }> = {
  frei: { fill: '#2f9e44', text: '#ffffff', border: '#1b6e2d' },
  teilweise: { fill: '#f08c00', text: '#1a1a1a', border: '#a35f00' },
  belegt: { fill: '#c92a2a', text: '#ffffff', border: '#8a1c1c' },
  meins: { fill: '#1c7ed6', text: '#ffffff', border: '#0f4f8a' },
  geschlossen: { fill: '#868e96', text: '#ffffff', border: '#5c636a' },
  inaktiv: { fill: '#dee2e6', text: '#495057', border: '#adb5bd' },
};

export const FAVOURITE_COLOUR = '#fab005';

export const LEGEND_STATES: MapState[] = ['frei', 'teilweise', 'belegt', 'meins', 'geschlossen'];
