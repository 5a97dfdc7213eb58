import { type GuardResult, guardRoute } from './permissions';
import type { SettingLayer, SettingName, SettingOption } from './settings';

/**
 * Who may write a customizing value (docs/product.md#settings): everyone their own BENUTZER
 * value; GRUPPE and MANDANT values are tenant settings, so they need what the
 * settings page /admin/einstellungen needs — one rule, reused, not restated.
 * Whether the option exists at that layer at all is encodeSettingValue's rule.
 */
export function canWriteSetting(perms: ReadonlySet<string>, option: SettingOption<SettingName>, layer: SettingLayer): GuardResult {
  if (layer === 'BENUTZER') return { allowed: true };
  // the vehicle report settings (docs/product.md#logbook) belong to whoever receives and sends the logbook report
  if (layer === 'MANDANT' && REPORT_SETTINGS.includes(option.name) && perms.has('fahrzeug_logbuch_report')) return { allowed: true };
  return guardRoute('/admin/einstellungen', perms);
}

/** The vehicle report settings, also writable at MANDANT with fahrzeug_logbuch_report (decision 074). */
export const REPORT_SETTINGS: readonly SettingName[] = ['fahrzeugReportRhythmus', 'fahrzeugReportMailadressen'];
