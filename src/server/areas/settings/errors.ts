import { defineErrors } from '@domain/errors';

/** The refusals of the settings area, German and English side by side (decision 198); the catalogue's own are in src/domain/settings.ts. */
export const settingsErrors = defineErrors({
  group_missing: {
    status: 400,
    code: 'validation',
    de: 'Ungültige Eingabe: groupId fehlt für die Schicht GRUPPE',
    en: 'Invalid input: groupId is missing for layer GRUPPE',
  },
  group_value_invalid: {
    status: 400,
    code: 'setting_value_invalid',
    texts: (p: { value: string }) => ({
      de: `Neuer Customizing Wert ${p.value} konnte nicht in Schicht GRUPPE gespeichert werden`,
      en: `New setting value ${p.value} could not be saved at layer GRUPPE.`,
    }),
  },
});
