import { settingDefault } from '@domain/settings';
import type { InstructionSettings } from '@server/areas/driver-instruction/instruction-repository';

/** Catalogue defaults; the repository reads the tenant's values inside the same statement. */
export const INSTRUCTION_DEFAULTS: InstructionSettings = {
  months: settingDefault('unterweisungIntervallMonate'),
  reminderDays: settingDefault('unterweisungErinnerungTage'),
};
