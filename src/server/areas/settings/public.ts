/**
 * What other areas may use of the settings: the effective value of an option
 * for a person or a tenant, the languages of mail recipients, saving a value
 * (decision 204).
 */
export { effectiveSetting, effectiveSettings, effectiveValues } from './effective-settings';
export { mailLocales } from './mail-locales';
export { saveSetting } from './save-setting';
// A person's remembered choices (favourites, team seating) are saved by the areas that offer them.
export { upsertSettingValue } from './setting-repository';
