import { settingDefault } from '@domain/settings';
import type { LicenceSettings } from '@server/areas/driving-licences/licence-repository';

/** Catalogue defaults; the repositories read the tenant's values inside the same statement. */
export const LICENCE_DEFAULTS: LicenceSettings = {
  months: settingDefault('fuehrerscheinPruefintervallMonate'),
  reminderDays: settingDefault('fuehrerscheinErinnerungTage'),
  graceDays: settingDefault('fuehrerscheinMaximaleLueckeTage'),
};
