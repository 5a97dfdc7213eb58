import { z } from 'zod';

export const settingLayer = z.enum(['BENUTZER', 'GRUPPE', 'MANDANT']);

export const effectiveSetting = z.object({
  name: z.string(),
  feature: z.string(),
  type: z.enum(['number', 'boolean', 'string', 'time', 'array']),
  description: z.string(),
  /** The default in its stored text form ('false', '["18:00"]'); decode with the domain's decodeSettingValue. */
  defaultValue: z.unknown(),
  value: z.unknown(),
  source: z.enum(['BENUTZER', 'GRUPPE', 'MANDANT', 'DEFAULT']),
  layers: z.array(settingLayer),
});
export type EffectiveSetting = z.infer<typeof effectiveSetting>;

export const settingsResponse = z.object({ settings: z.array(effectiveSetting) });

export const saveSettingRequest = z.object({
  layer: settingLayer.default('BENUTZER'),
  value: z.unknown(),
  /** Required for layer GRUPPE. */
  groupId: z.string().uuid().optional(),
});
export const resetSettingQuery = z.object({
  layer: settingLayer.default('BENUTZER'),
  groupId: z.string().uuid().optional(),
});
export const settingNameParams = z.object({ name: z.string().min(1).max(100) });
