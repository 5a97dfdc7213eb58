import { defineErrors } from '@domain/errors';

/** The refusals of the vehicle-care area, German and English side by side (decision 198). */
export const vehicleCareErrors = defineErrors({
  receipt_invalid: { status: 400, de: 'Unbekannter Beleg.', en: 'Unknown receipt.' },
  damage_block_busy: {
    status: 409,
    de: 'Das Fahrzeug ist bereits gesperrt; eine Defekt-Sperre passt nicht dazwischen.',
    en: 'The vehicle is already blocked; a defect block does not fit in between.',
  },
});
