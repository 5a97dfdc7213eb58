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

/**
 * What tells the states apart besides colour (WCAG 1.4.1), the same on the
 * markers and in the legend: stripes for "belegt", a half fill for
 * "teilweise", a cross-hatch for "geschlossen", a white inner ring for
 * "meins", a dashed edge for "nicht buchbar"; "frei" is plain. The pattern
 * uses two dark (or two light) shades, so the marker's text stays readable.
 */
export const STATE_PATTERNS: Record<MapState, { backgroundImage?: string; borderStyle: 'solid' | 'dashed'; inset?: string }> = {
  frei: { borderStyle: 'solid' },
  teilweise: { backgroundImage: 'linear-gradient(135deg, #f08c00 50%, #ffd8a8 50%)', borderStyle: 'solid' },
  belegt: { backgroundImage: 'repeating-linear-gradient(45deg, #c92a2a 0 4px, #8a1c1c 4px 7px)', borderStyle: 'solid' },
  meins: { borderStyle: 'solid', inset: 'inset 0 0 0 2px #ffffff' },
  geschlossen: {
    backgroundImage:
      'repeating-linear-gradient(45deg, transparent 0 4px, #495057 4px 6px), repeating-linear-gradient(-45deg, #6c757d 0 4px, #495057 4px 6px)',
    borderStyle: 'solid',
  },
  inaktiv: { borderStyle: 'dashed' },
};
