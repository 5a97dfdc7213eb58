import { defineErrors } from './errors';
import { MESSAGES } from './vehicle-booking';

/** The refusals of this rule in both languages (decision 198). */
const vehicleAttributesErrors = defineErrors({
  condition_dependent_missing: { status: 400, de: 'SHOW_IF braucht ein abhängiges Attribut.', en: 'SHOW_IF needs a dependent attribute.' },
  mandatory_missing: { status: 400, de: MESSAGES.mandatory, en: 'Please fill in all mandatory fields.' },
  attribute_unknown: { status: 400, de: 'Unbekanntes Attribut.', en: 'Unknown attribute.' },
  condition_invalid: {
    status: 400,
    texts: (p: { type: string }) => ({ de: `Bedingung type ${p.type} is not valid`, en: `Condition type ${p.type} is not valid` }),
  },
  attribute_choice_invalid: {
    status: 400,
    texts: (p: { label: string }) => ({ de: `Ungültiger Wert für ${p.label}.`, en: `Invalid value for ${p.label}.` }),
  },
  attribute_number_invalid: {
    status: 400,
    texts: (p: { label: string }) => ({ de: `${p.label} muss eine Zahl sein.`, en: `${p.label} must be a number.` }),
  },
  attribute_checkbox_invalid: {
    status: 400,
    texts: (p: { label: string }) => ({ de: `${p.label} muss ja oder nein sein.`, en: `${p.label} must be yes or no.` }),
  },
});

/**
 * Object attributes (docs/product.md#object-attributes) of vehicles (FAHRZEUG) and history entries
 * (FAHRZEUG_VERLAUF): conditions MANDATORY, SHOW_IF, SHOW_FILTER, SHOW_CARD.
 */

export const CONDITION_TYPES = ['MANDATORY', 'SHOW_IF', 'SHOW_FILTER', 'SHOW_CARD'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];
export const ATTRIBUTE_TYPES = ['TEXT', 'RADIOS', 'DROPDOWN', 'NUMBER', 'CHECKBOX'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

export interface AttributeCondition {
  type: ConditionType;
  value: string | null;
  dependentAttributeId: string | null;
}

export interface AttributeDefinition {
  id: string;
  type: AttributeType;
  label: string;
  choices: readonly { key: string; text: string }[];
  conditions: readonly AttributeCondition[];
}

export function parseConditionType(x: unknown): ConditionType {
  if (typeof x === 'string' && (CONDITION_TYPES as readonly string[]).includes(x)) return x as ConditionType;
  throw vehicleAttributesErrors.fail('condition_invalid', { type: String(x) });
}

export function parseCondition(c: { type: unknown; value?: string | null; dependentAttributeId?: string | null }): AttributeCondition {
  const type = parseConditionType(c.type);
  if (type === 'SHOW_IF' && !c.dependentAttributeId) {
    throw vehicleAttributesErrors.fail('condition_dependent_missing');
  }
  return { type, value: c.value ?? null, dependentAttributeId: c.dependentAttributeId ?? null };
}

export const hasCondition = (a: Pick<AttributeDefinition, 'conditions'>, type: ConditionType): boolean =>
  a.conditions.some((c) => c.type === type);

const filled = (v: string | undefined): boolean => v !== undefined && v.trim() !== '';

/** SHOW_IF: visible only when every SHOW_IF condition's dependent attribute has the condition's value (or any value when none is given). */
export function isVisible(a: AttributeDefinition, values: Readonly<Record<string, string>>): boolean {
  return a.conditions
    .filter((c) => c.type === 'SHOW_IF')
    .every((c) => {
      const dep = values[c.dependentAttributeId ?? ''];
      return c.value === null ? filled(dep) : dep === c.value;
    });
}

/**
 * Checks values against definitions: every visible MANDATORY attribute is
 * filled ('Please fill in all mandatory fields.'); choices must be one of the
 * keys; numbers must be numbers. Returns the values of visible attributes only.
 */
export function validateAttributeValues(
  defs: readonly AttributeDefinition[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of defs) {
    if (!isVisible(a, values)) continue;
    const v = values[a.id];
    if (hasCondition(a, 'MANDATORY') && (!filled(v) || (a.type === 'CHECKBOX' && v !== 'true'))) {
      throw vehicleAttributesErrors.fail('mandatory_missing');
    }
    if (v === undefined || v === '') continue;
    if ((a.type === 'RADIOS' || a.type === 'DROPDOWN') && !a.choices.some((c) => c.key === v)) {
      throw vehicleAttributesErrors.fail('attribute_choice_invalid', { label: a.label });
    }
    if (a.type === 'NUMBER' && !Number.isFinite(Number(v))) {
      throw vehicleAttributesErrors.fail('attribute_number_invalid', { label: a.label });
    }
    if (a.type === 'CHECKBOX' && v !== 'true' && v !== 'false') {
      throw vehicleAttributesErrors.fail('attribute_checkbox_invalid', { label: a.label });
    }
    out[a.id] = v;
  }
  for (const id of Object.keys(values)) {
    if (!defs.some((d) => d.id === id)) throw vehicleAttributesErrors.fail('attribute_unknown');
  }
  return out;
}

/** Display text of a value (choice text for RADIOS/DROPDOWN). */
export function displayValue(a: AttributeDefinition, v: string | undefined): string {
  if (v === undefined) return '';
  if (a.type === 'RADIOS' || a.type === 'DROPDOWN') return a.choices.find((c) => c.key === v)?.text ?? v;
  return v;
}

/** SHOW_FILTER filter: a vehicle matches when every filtered attribute has the wanted value. */
export function matchesFilter(values: Readonly<Record<string, string>>, filter: Readonly<Record<string, string>>): boolean {
  return Object.entries(filter).every(([id, want]) => want === '' || values[id] === want);
}
