import { defineErrors } from '@domain/errors';
import { counted, type PluralLocale } from '@domain/plural';

/** "2 Fahrzeugen und 1 Grundriss": only the kinds that use the location. */
function usedBy(locale: PluralLocale, vehicles: number, floorPlans: number): string {
  const parts = [vehicles > 0 ? counted(locale, vehicles, 'vehicle') : '', floorPlans > 0 ? counted(locale, floorPlans, 'floorPlan') : ''];
  return parts.filter(Boolean).join(locale === 'de' ? ' und ' : ' and ');
}

/** The refusals of the locations area, German and English side by side (decision 198). */
export const locationsErrors = defineErrors({
  location_not_found: { status: 404, de: 'Standort nicht gefunden.', en: 'Location not found.' },
  parking_space_not_found: { status: 404, de: 'Stellplatz nicht gefunden.', en: 'Parking space not found.' },
  location_name_taken: {
    status: 409,
    texts: (p: { name: string }) => ({
      de: `Einen Standort mit dem Namen „${p.name}“ gibt es bereits.`,
      en: `A location named "${p.name}" already exists.`,
    }),
  },
  parking_space_name_taken: {
    status: 409,
    texts: (p: { name: string }) => ({
      de: `Einen Stellplatz mit dem Namen „${p.name}“ gibt es an diesem Standort bereits.`,
      en: `A parking space named "${p.name}" already exists at this location.`,
    }),
  },
  location_in_use: {
    status: 409,
    texts: (p: { name: string; vehicles: number; floorPlans: number }) => ({
      de: `Der Standort „${p.name}“ wird noch von ${usedBy('de', p.vehicles, p.floorPlans)} verwendet und kann nicht gelöscht werden.`,
      en: `The location "${p.name}" is still used by ${usedBy('en', p.vehicles, p.floorPlans)} and cannot be deleted.`,
    }),
  },
  location_spaces_in_history: {
    status: 409,
    texts: (p: { name: string }) => ({
      de: `Der Standort „${p.name}“ hat Stellplätze, die in der Fahrzeughistorie stehen, und kann nicht gelöscht werden.`,
      en: `The location "${p.name}" has parking spaces named in vehicle history and cannot be deleted.`,
    }),
  },
});
