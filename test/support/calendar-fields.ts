/**
 * Finds every calendar day, time of day and instant a route takes, from the
 * OpenAPI document the server publishes: path and query parameters and every
 * property of a JSON body, however deeply nested. The contracts mark these
 * fields with a `format` (contracts/calendar.ts), so a route added later is
 * found without anyone listing it here.
 */

export type CalendarKind = 'date' | 'time' | 'instant';
export type FieldLocation = 'path' | 'query' | 'body';

/** A field of a route's request: where it is and how to reach it. */
export type ProbeField = Omit<CalendarField, 'kind'>;

export interface CalendarField {
  method: string;
  path: string;
  location: FieldLocation;
  /** Parameter name, or the property path into the body (array items as `0`). */
  pointer: string[];
  kind: CalendarKind;
}

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OperationDoc {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, OperationDoc>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const KIND_OF_FORMAT: Record<string, CalendarKind> = { date: 'date', 'time-of-day': 'time', 'date-time': 'instant' };

/** Names that promise a date or time; such a field without a calendar format was written by hand. */
const LOOKS_TEMPORAL = /^(date|day|von|bis|from|to|at|time|start|end|until|since)$|(Date|Day|At|Time|From|To|Until|Since|Start|End)$/;

function resolve(doc: OpenApiDoc, s: JsonSchema): JsonSchema {
  if (!s.$ref) return s;
  const name = s.$ref.replace('#/components/schemas/', '');
  return doc.components?.schemas?.[name] ?? {};
}

/** The schema variants a value may take (a nullable field is `anyOf [x, null]`). */
function variants(doc: OpenApiDoc, s: JsonSchema): JsonSchema[] {
  const r = resolve(doc, s);
  const alts = [...(r.anyOf ?? []), ...(r.oneOf ?? []), ...(r.allOf ?? [])];
  return alts.length ? alts.flatMap((a) => variants(doc, a)) : [r];
}

function kindOf(doc: OpenApiDoc, s: JsonSchema): CalendarKind | null {
  for (const v of variants(doc, s)) {
    const kind = v.format ? KIND_OF_FORMAT[v.format] : undefined;
    if (kind) return kind;
  }
  return null;
}

function isPlainString(doc: OpenApiDoc, s: JsonSchema): boolean {
  return variants(doc, s).some((v) => v.type === 'string' && !v.format && !v.enum);
}

/** Every (pointer, schema) inside a body schema, the body itself included. */
function walk(doc: OpenApiDoc, s: JsonSchema, pointer: string[], visit: (pointer: string[], s: JsonSchema) => void) {
  visit(pointer, s);
  for (const v of variants(doc, s)) {
    for (const [name, child] of Object.entries(v.properties ?? {})) walk(doc, child, [...pointer, name], visit);
    if (v.items) walk(doc, v.items, [...pointer, '0'], visit);
  }
}

function bodySchema(op: OperationDoc): JsonSchema | undefined {
  return op.requestBody?.content?.['application/json']?.schema;
}

function forEachField(
  doc: OpenApiDoc,
  visit: (f: { method: string; path: string; location: FieldLocation; pointer: string[]; schema: JsonSchema }) => void,
) {
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase();
      for (const p of op.parameters ?? []) {
        if ((p.in === 'path' || p.in === 'query') && p.schema) visit({ method, path, location: p.in, pointer: [p.name], schema: p.schema });
      }
      const body = bodySchema(op);
      if (body) walk(doc, body, [], (pointer, schema) => pointer.length && visit({ method, path, location: 'body', pointer, schema }));
    }
  }
}

/** Every calendar field of every route the document describes. */
export function calendarFields(doc: OpenApiDoc): CalendarField[] {
  const out: CalendarField[] = [];
  forEachField(doc, ({ schema, ...f }) => {
    const kind = kindOf(doc, schema);
    if (kind) out.push({ ...f, kind });
  });
  return out;
}

/** Every field a route takes as a string (plain, enum or formatted), in path, query or JSON body. */
export function textFields(doc: OpenApiDoc): ProbeField[] {
  const out: ProbeField[] = [];
  forEachField(doc, ({ schema, ...f }) => {
    if (variants(doc, schema).some((v) => v.type === 'string')) out.push(f);
  });
  return out;
}

/** Request fields named like a date or time that carry no calendar format: each one a hand-made schema. */
export function unmarkedTemporalFields(doc: OpenApiDoc): string[] {
  const out: string[] = [];
  forEachField(doc, ({ method, path, location, pointer, schema }) => {
    const name = pointer.filter((p) => p !== '0').at(-1) ?? '';
    if (LOOKS_TEMPORAL.test(name) && !kindOf(doc, schema) && isPlainString(doc, schema))
      out.push(`${method} ${path} ${location} ${pointer.join('.')}`);
  });
  return out;
}

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** A value the schema accepts, built from its defaults, examples and bounds. */
export function sampleOf(doc: OpenApiDoc, s: JsonSchema): unknown {
  const v = variants(doc, s).find((x) => x.type !== 'null') ?? resolve(doc, s);
  if (v.const !== undefined) return v.const;
  if (v.default !== undefined) return v.default;
  if (v.example !== undefined) return v.example;
  if (v.enum?.length) return v.enum[0];
  const kind = v.format ? KIND_OF_FORMAT[v.format] : undefined;
  if (kind) return { date: '2026-11-24', time: '08:00', instant: '2026-11-24T08:00:00+01:00' }[kind];
  switch (v.type) {
    case 'object':
      return Object.fromEntries((v.required ?? []).map((k) => [k, sampleOf(doc, v.properties?.[k] ?? {})]));
    case 'array':
      return Array.from({ length: v.minItems ?? 0 }, () => sampleOf(doc, v.items ?? {}));
    case 'integer':
    case 'number':
      return v.minimum ?? (v.exclusiveMinimum !== undefined ? v.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'string':
      if (v.format === 'uuid') return SAMPLE_ID;
      if (v.format === 'email') return 'probe@example.test';
      return 'x'.repeat(Math.max(1, v.minLength ?? 1));
    default:
      return null;
  }
}

function setAt(target: unknown, pointer: string[], value: unknown): unknown {
  if (!pointer.length) return value;
  const [head, ...rest] = pointer as [string, ...string[]];
  if (/^\d+$/.test(head)) {
    const arr = Array.isArray(target) ? [...target] : [];
    arr[Number(head)] = setAt(arr[Number(head)], rest, value);
    return arr;
  }
  const obj = target && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  obj[head] = setAt(obj[head], rest, value);
  return obj;
}

/** The sample value at a pointer into a body schema, so that an array item can be filled in before one field is spoiled. */
function schemaAt(doc: OpenApiDoc, s: JsonSchema, pointer: string[]): JsonSchema {
  let cur = s;
  for (const step of pointer) {
    const v = variants(doc, cur).find((x) => (/^\d+$/.test(step) ? x.items : x.properties?.[step]));
    if (!v) return {};
    cur = (/^\d+$/.test(step) ? v.items : v.properties?.[step]) ?? {};
  }
  return cur;
}

export interface ProbeRequest {
  method: string;
  url: string;
  payload?: unknown;
}

/**
 * A request to the field's route that is well-formed everywhere except in the
 * field, which carries `bad`: any refusal is then about that value.
 */
export function requestWith(doc: OpenApiDoc, field: ProbeField, bad: string): ProbeRequest {
  const op = doc.paths[field.path]![field.method.toLowerCase()]!;
  let url = field.path;
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    const isField = field.location === p.in && field.pointer[0] === p.name;
    const value = isField ? bad : String(sampleOf(doc, p.schema ?? {}));
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.in === 'query' && (isField || p.required)) query.set(p.name, value);
  }
  const body = bodySchema(op);
  let payload: unknown;
  if (body) {
    payload = sampleOf(doc, body);
    if (field.location === 'body') {
      // Fill the branch down to the field from the schema, then spoil the field itself.
      for (let i = 1; i < field.pointer.length; i++) {
        const prefix = field.pointer.slice(0, i);
        let cur: unknown = payload;
        for (const step of prefix) cur = (cur as Record<string, unknown> | undefined)?.[step];
        if (cur === undefined || cur === null) payload = setAt(payload, prefix, sampleOf(doc, schemaAt(doc, body, prefix)));
      }
      payload = setAt(payload, field.pointer, bad);
    }
  }
  const qs = query.toString();
  return { method: field.method, url: qs ? `${url}?${qs}` : url, ...(payload === undefined ? {} : { payload }) };
}
