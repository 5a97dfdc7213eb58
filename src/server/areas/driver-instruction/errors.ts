import { defineErrors } from '@domain/errors';

/** The refusals of the driver-instruction area, German and English side by side (decision 198). */
export const driverInstructionErrors = defineErrors({
  person_not_found: { status: 404, code: 'not_found', de: 'Person nicht gefunden.', en: 'Person not found.' },
  version_not_found: { status: 404, code: 'not_found', de: 'Fassung nicht gefunden.', en: 'Version not found.' },
  file_not_found: { status: 404, code: 'not_found', de: 'Datei nicht gefunden.', en: 'File not found.' },
  not_current: {
    status: 409,
    de: 'Diese Fassung ist nicht mehr aktuell; bitte bestätigen Sie die aktuelle Fassung.',
    en: 'This version is no longer current; please confirm the current version.',
  },
  already_confirmed: {
    status: 409,
    de: 'Sie haben diese Fassung heute bereits bestätigt.',
    en: 'You have already confirmed this version today.',
  },
  publish_race: {
    status: 409,
    de: 'Gerade wurde eine andere Fassung dieses Themas veröffentlicht; bitte laden Sie die Seite neu.',
    en: 'Another version of this topic was just published; please reload the page.',
  },
  category_unknown: {
    status: 400,
    texts: (p: { category: string }) => ({
      de: `Kein aktives Fahrzeug hat die Kategorie „${p.category}“.`,
      en: `No active vehicle has the category "${p.category}".`,
    }),
  },
});
