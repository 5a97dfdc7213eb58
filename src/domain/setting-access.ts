import { guardRoute, type GuardResult } from './permissions';
import type { SettingLayer, SettingOption } from './settings';

/**
 * Who may write a customizing value (SPEC §6): everyone their own BENUTZER
 * value; GRUPPE and MANDANT values are tenant settings, so they need what the
 * settings page /admin/einstellungen needs — one rule, reused, not restated.
 */
export function canWriteSetting(perms: ReadonlySet<string>, option: SettingOption, layer: SettingLayer): GuardResult {
  if (!option.layers.includes(layer)) return { allowed: false, denial: `Schicht ${layer} ist für ${option.name} nicht vorgesehen` };
  if (layer === 'BENUTZER') return { allowed: true };
  return guardRoute('/admin/einstellungen', perms);
}
