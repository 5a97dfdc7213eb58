import {
  INSTRUCTION_KINDS,
  INSTRUCTION_STATES,
  MAX_BODY,
  MAX_CATEGORY,
  MAX_INSTRUCTOR,
  MAX_NOTE,
  MAX_TITLE,
} from '@domain/driver-instruction';
import { z } from 'zod';
import { calendarDate } from './calendar';
import { said } from './said';

/** Driver instruction (docs/product.md#driver-instruction): material in versions, the drivers' instructions, the fleet's list. */

export const instructionState = z.enum(INSTRUCTION_STATES);
export const instructionKind = z.enum(INSTRUCTION_KINDS);

const category = z
  .string()
  .trim()
  .max(
    MAX_CATEGORY,
    said(
      `Die Fahrzeugkategorie darf höchstens ${MAX_CATEGORY} Zeichen haben.`,
      `The vehicle category may have at most ${MAX_CATEGORY} characters.`,
    ),
  );

export const instructionVersion = z.object({
  id: z.uuid(),
  category: z.string(),
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  hasPdf: z.boolean(),
  publishedOn: calendarDate,
  publishedBy: z.string(),
});
export type InstructionVersionDto = z.infer<typeof instructionVersion>;

export const versionList = z.object({ versions: z.array(instructionVersion), categories: z.array(z.string()) });
export type VersionListDto = z.infer<typeof versionList>;

export const publishVersionRequest = z.object({
  category: category.default(''),
  title: z
    .string()
    .trim()
    .min(1, said('Bitte einen Titel angeben.', 'Please enter a title.'))
    .max(MAX_TITLE, said(`Der Titel darf höchstens ${MAX_TITLE} Zeichen haben.`, `The title may have at most ${MAX_TITLE} characters.`)),
  body: z
    .string()
    .trim()
    .min(1, said('Bitte den Text der Unterweisung angeben.', 'Please enter the text of the instruction.'))
    .max(MAX_BODY, said(`Der Text darf höchstens ${MAX_BODY} Zeichen haben.`, `The text may have at most ${MAX_BODY} characters.`)),
  fileId: z
    .string()
    .regex(/^[0-9a-f-]{36}\.pdf$/, said('Unbekannte Datei.', 'Unknown file.'))
    .nullish()
    .transform((v) => v ?? null),
});
export type PublishVersionRequest = z.input<typeof publishVersionRequest>;

export const fileResponse = z.object({ fileId: z.string() });

export const instructionEntry = z.object({
  id: z.uuid(),
  category: z.string(),
  version: z.number().int(),
  title: z.string(),
  kind: instructionKind,
  instructedOn: calendarDate,
  instructor: z.string().nullable(),
  note: z.string().nullable(),
  recordedBy: z.string(),
  createdAt: z.string(),
});
export type InstructionEntryDto = z.infer<typeof instructionEntry>;

/** A person's standing in one topic: the current version, the latest instruction, the next due day and the state. */
export const topicStanding = z.object({
  category: z.string(),
  current: instructionVersion,
  last: instructionEntry.nullable(),
  nextDue: calendarDate.nullable(),
  state: instructionState,
});
export type TopicStandingDto = z.infer<typeof topicStanding>;

export const ownInstruction = z.object({
  topics: z.array(topicStanding),
  intervalMonths: z.number().int(),
  reminderDays: z.number().int(),
  gate: z.boolean(),
});
export type OwnInstructionDto = z.infer<typeof ownInstruction>;

export const confirmRequest = z.object({ versionId: z.uuid({ message: said('Ungültige Fassungs-ID', 'Invalid version ID') }) });

export const versionIdParams = z.object({ versionId: z.uuid({ message: said('Ungültige Fassungs-ID', 'Invalid version ID') }) });
export const userIdParams = z.object({ userId: z.uuid({ message: said('Ungültige Personen-ID', 'Invalid person ID') }) });

export const recordInstructionRequest = z.object({
  versionId: z.uuid({ message: said('Ungültige Fassungs-ID', 'Invalid version ID') }),
  instructedOn: calendarDate,
  instructor: z
    .string()
    .trim()
    .min(1, said('Bitte angeben, wer unterwiesen hat.', 'Please enter who gave the instruction.'))
    .max(
      MAX_INSTRUCTOR,
      said(`Der Name darf höchstens ${MAX_INSTRUCTOR} Zeichen haben.`, `The name may have at most ${MAX_INSTRUCTOR} characters.`),
    ),
  note: z
    .string()
    .trim()
    .max(MAX_NOTE, said(`Die Bemerkung darf höchstens ${MAX_NOTE} Zeichen haben.`, `The remark may have at most ${MAX_NOTE} characters.`))
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type RecordInstructionRequest = z.input<typeof recordInstructionRequest>;

const states = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const list = (v ?? '').split(',').filter((s) => s !== '');
    for (const s of list) {
      if (!(INSTRUCTION_STATES as readonly string[]).includes(s)) {
        ctx.addIssue({ code: 'custom', message: said('Unbekannter Status.', 'Unknown state.') });
        return z.NEVER;
      }
    }
    return list as (typeof INSTRUCTION_STATES)[number][];
  });

export const driverListQuery = z.object({
  category: category.default(''),
  q: z
    .string()
    .max(100, said('Der Suchbegriff darf höchstens 100 Zeichen haben.', 'The search term may have at most 100 characters.'))
    .optional(),
  state: states,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type DriverListQuery = z.output<typeof driverListQuery>;

export const driverExportQuery = driverListQuery.omit({ page: true, pageSize: true });

export const instructedDriver = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  departmentName: z.string().nullable(),
  state: instructionState,
  lastOn: calendarDate.nullable(),
  lastKind: instructionKind.nullable(),
  lastVersion: z.number().int().nullable(),
  nextDue: calendarDate.nullable(),
});
export type InstructedDriverDto = z.infer<typeof instructedDriver>;

export const driverList = z.object({
  category: z.string(),
  current: instructionVersion.nullable(),
  items: z.array(instructedDriver),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.record(instructionState, z.number().int()),
  dueCount: z.number().int(),
});
export type InstructionDriverListDto = z.infer<typeof driverList>;

export const instructionHistory = z.object({
  person: z.object({ userId: z.uuid(), name: z.string(), email: z.string() }),
  entries: z.array(instructionEntry),
});
export type InstructionHistoryDto = z.infer<typeof instructionHistory>;

/** The instruction column of the licence examiner's list: the general topic's state, null when nothing is published. */
export const instructionMark = z.object({ state: instructionState, nextDue: calendarDate.nullable() }).nullable();
