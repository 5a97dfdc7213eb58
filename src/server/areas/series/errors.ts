import { defineErrors } from '@domain/errors';

/** The refusals of the series area, German and English side by side (decision 198). */
export const seriesErrors = defineErrors({
  series_none: { status: 409, de: 'Diese Buchung gehört zu keiner Serie.', en: 'This booking does not belong to a series.' },
});
