import { defineErrors } from '@domain/errors';

/** The refusals of the locations area, German and English side by side (decision 198). */
export const locationsErrors = defineErrors({
  location_not_found: { status: 404, de: 'Standort nicht gefunden.', en: 'Location not found.' },
  parking_space_not_found: { status: 404, de: 'Stellplatz nicht gefunden.', en: 'Parking space not found.' },
});
