import { createHash } from 'node:crypto';
import { AppError, type Texts } from './errors';

/**
 * SCIM 2.0 provisioning (RFC 7643, RFC 7644; decision 229): the filter language,
 * paging, the PATCH operations as Entra ID and Okta send them, and the mapping
 * between a SCIM User or Group and a Buchbar person or group. Pure: the server
 * reads and writes, these rules decide. docs/product.md#provisioning-scim.
 */

// ---------------------------------------------------------------- names

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterprise: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** The media type of every answer (RFC 7644 §3.1); requests may also come as application/json. */
export const SCIM_MEDIA_TYPE = 'application/scim+json';

/** A page holds at most this many resources; without `count` a page holds the default. */
export const SCIM_MAX_RESULTS = 200;
export const SCIM_DEFAULT_COUNT = 100;
/** A PATCH request carries at most this many operations. */
export const SCIM_MAX_OPERATIONS = 1000;
/** Requests one provisioning token may make in a minute, across all nodes. */
export const SCIM_REQUESTS_PER_MINUTE = 3000;

// ---------------------------------------------------------------- tokens

/** `bbs_` and 43 characters of base64url (32 random bytes); the hash is the integration tokens' (decision 213). */
export const SCIM_TOKEN_PREFIX = 'bbs_';
const SCIM_TOKEN_SHAPE = /^bbs_[A-Za-z0-9_-]{43}$/;
export const isScimTokenShape = (value: string) => SCIM_TOKEN_SHAPE.test(value);
export const scimTokenHint = (token: string) => `${token.slice(0, SCIM_TOKEN_PREFIX.length + 6)}…`;
/** Longest life of a provisioning token, as for API tokens. */
export const SCIM_TOKEN_MAX_DAYS = 366;

export type ScimTokenProblem = 'nameMissing' | 'expiryPast' | 'expiryTooFar';
export function scimTokenProblem(input: { name: string; expiresAt: Date }, now: Date): ScimTokenProblem | null {
  if (input.name.trim().length === 0) return 'nameMissing';
  if (input.expiresAt.getTime() <= now.getTime()) return 'expiryPast';
  if (input.expiresAt.getTime() - now.getTime() > SCIM_TOKEN_MAX_DAYS * 86_400_000) return 'expiryTooFar';
  return null;
}

export const SCIM_TOKEN_MESSAGES = {
  nameMissing: 'Bitte geben Sie dem Token einen Namen, an dem Sie es später erkennen.',
  expiryPast: 'Das Ablaufdatum muss in der Zukunft liegen.',
  expiryTooFar: `Ein Token gilt höchstens ${SCIM_TOKEN_MAX_DAYS} Tage; bitte wählen Sie ein früheres Ablaufdatum.`,
  notFound: 'Dieses Token gibt es nicht (mehr).',
} as const;

// ---------------------------------------------------------------- errors

/** The `scimType` values of RFC 7644 §3.12 that Buchbar answers with. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'uniqueness'
  | 'mutability'
  | 'tooMany';

/** A refusal in SCIM's own error schema: status, scimType where RFC 7644 names one, and a sentence in both languages. */
export class ScimError extends AppError {
  constructor(
    status: number,
    readonly scimType: ScimType | null,
    texts: Texts,
  ) {
    super(scimType ?? `scim_${status}`, texts, status);
    this.name = 'ScimError';
  }
}

const fail = (status: number, scimType: ScimType | null, de: string, en: string) => new ScimError(status, scimType, { de, en });

/** Every refusal of the SCIM endpoint, German and English side by side. */
export const scimErrors = {
  unauthorized: () =>
    fail(
      401,
      null,
      'Das Provisionierungs-Token fehlt, ist ungültig, abgelaufen oder widerrufen.',
      'The provisioning token is missing, invalid, expired or revoked.',
    ),
  rateLimited: () =>
    fail(
      429,
      null,
      'Mit diesem Provisionierungs-Token kamen in der letzten Minute zu viele Anfragen. Bitte warten Sie einen Moment.',
      'Too many requests with this provisioning token in the last minute. Please wait a moment.',
    ),
  userNotFound: () => fail(404, null, 'Diese Person gibt es in diesem Mandanten nicht.', 'This person does not exist in this client.'),
  groupNotFound: () => fail(404, null, 'Diese Gruppe gibt es in diesem Mandanten nicht.', 'This group does not exist in this client.'),
  noEndpoint: (path: string) =>
    fail(404, null, `Unter ${path} bietet Buchbar keinen SCIM-Endpunkt an.`, `Buchbar offers no SCIM endpoint at ${path}.`),
  tooLarge: () => fail(413, null, 'Die Anfrage ist größer als 1 MB.', 'The request is larger than 1 MB.'),
  internal: (requestId: string) =>
    fail(
      500,
      null,
      `Bei Buchbar ist ein Fehler aufgetreten (Anfrage ${requestId}). Bitte versuchen Sie es später noch einmal.`,
      `An error occurred at Buchbar (request ${requestId}). Please try again later.`,
    ),
  invalidJson: () =>
    fail(400, 'invalidSyntax', 'Der Inhalt der Anfrage ist kein gültiges JSON.', 'The body of the request is not valid JSON.'),
  notAnObject: () =>
    fail(400, 'invalidSyntax', 'Der Inhalt der Anfrage muss ein JSON-Objekt sein.', 'The body of the request must be a JSON object.'),
  wrongSchema: (expected: string) =>
    fail(
      400,
      'invalidSyntax',
      `Die Anfrage nennt nicht das Schema „${expected}“, das sie hier braucht.`,
      `The request does not name the schema "${expected}" it needs here.`,
    ),
  unsupportedMediaType: () =>
    fail(
      415,
      null,
      'Buchbar nimmt SCIM-Anfragen nur als application/scim+json oder application/json an.',
      'Buchbar takes SCIM requests only as application/scim+json or application/json.',
    ),
  filterSyntax: (filter: string) =>
    fail(
      400,
      'invalidFilter',
      `Den Filter „${clip(filter)}“ versteht Buchbar nicht.`,
      `Buchbar does not understand the filter "${clip(filter)}".`,
    ),
  filterUnsupported: (filter: string, attributes: string) =>
    fail(
      400,
      'invalidFilter',
      `Den Filter „${clip(filter)}“ kann Buchbar nicht anwenden: möglich ist „eq“ auf ${attributes}, auch mit „and“ verknüpft.`,
      `Buchbar cannot apply the filter "${clip(filter)}": it supports "eq" on ${attributes}, also joined with "and".`,
    ),
  pagingInvalid: (name: string) => fail(400, 'invalidValue', `„${name}“ muss eine ganze Zahl sein.`, `"${name}" must be a whole number.`),
  patchOpsMissing: () =>
    fail(
      400,
      'invalidSyntax',
      'Eine PATCH-Anfrage braucht eine Liste „Operations“ mit mindestens einer Operation.',
      'A PATCH request needs a list "Operations" with at least one operation.',
    ),
  patchTooMany: () =>
    fail(
      400,
      'tooMany',
      `Eine PATCH-Anfrage trägt höchstens ${SCIM_MAX_OPERATIONS} Operationen.`,
      `A PATCH request carries at most ${SCIM_MAX_OPERATIONS} operations.`,
    ),
  patchOpUnknown: (op: string) =>
    fail(
      400,
      'invalidSyntax',
      `Die Operation „${clip(op)}“ gibt es nicht; möglich sind add, replace und remove.`,
      `There is no operation "${clip(op)}"; possible are add, replace and remove.`,
    ),
  pathInvalid: (path: string) =>
    fail(400, 'invalidPath', `Den Pfad „${clip(path)}“ versteht Buchbar nicht.`, `Buchbar does not understand the path "${clip(path)}".`),
  noTarget: (path: string) =>
    fail(
      400,
      'noTarget',
      `Der Pfad „${clip(path)}“ trifft keinen Wert, den Buchbar ändern könnte.`,
      `The path "${clip(path)}" matches no value Buchbar could change.`,
    ),
  removeNeedsPath: () => fail(400, 'noTarget', 'Eine Operation „remove“ braucht einen Pfad.', 'A "remove" operation needs a path.'),
  valueMissing: (op: string) =>
    fail(400, 'invalidValue', `Die Operation „${op}“ braucht einen Wert.`, `The operation "${op}" needs a value.`),
  valueNeedsObject: () =>
    fail(
      400,
      'invalidValue',
      'Ohne Pfad braucht die Operation ein Objekt als Wert.',
      'Without a path the operation needs an object as its value.',
    ),
  userNameMissing: () => fail(400, 'invalidValue', 'Die Person braucht einen „userName“.', 'The person needs a "userName".'),
  emailMissing: () =>
    fail(
      400,
      'invalidValue',
      'Buchbar braucht eine gültige E-Mail-Adresse der Person (in „emails“ oder als „userName“).',
      'Buchbar needs a valid e-mail address of the person (in "emails" or as "userName").',
    ),
  lastNameMissing: () =>
    fail(
      400,
      'invalidValue',
      'Buchbar braucht einen Nachnamen der Person („name.familyName“ oder „displayName“).',
      'Buchbar needs a last name of the person ("name.familyName" or "displayName").',
    ),
  tooLong: (field: string, max: number) =>
    fail(400, 'invalidValue', `„${field}“ ist länger als ${max} Zeichen.`, `"${field}" is longer than ${max} characters.`),
  notText: (field: string) => fail(400, 'invalidValue', `„${field}“ muss ein Text sein.`, `"${field}" must be a text.`),
  activeInvalid: () => fail(400, 'invalidValue', '„active“ muss true oder false sein.', '"active" must be true or false.'),
  displayNameMissing: () => fail(400, 'invalidValue', 'Die Gruppe braucht einen „displayName“.', 'The group needs a "displayName".'),
  membersInvalid: () =>
    fail(
      400,
      'invalidValue',
      '„members“ muss eine Liste von Objekten mit „value“ (der Kennung einer Person) sein.',
      '"members" must be a list of objects with "value" (the id of a person).',
    ),
  memberUnknown: (id: string) =>
    fail(
      400,
      'invalidValue',
      `Die Person „${clip(id)}“ gibt es in diesem Mandanten nicht; sie kann nicht Mitglied werden.`,
      `The person "${clip(id)}" does not exist in this client; they cannot become a member.`,
    ),
  userNameTaken: (userName: string) =>
    fail(
      409,
      'uniqueness',
      `Den userName „${clip(userName)}“ hat in diesem Mandanten schon eine andere Person.`,
      `Another person in this client already has the userName "${clip(userName)}".`,
    ),
  emailTaken: (email: string) =>
    fail(
      409,
      'uniqueness',
      `Die E-Mail-Adresse ${clip(email)} hat in diesem Mandanten schon eine andere Person.`,
      `Another person in this client already has the e-mail address ${clip(email)}.`,
    ),
  groupNameTaken: (name: string) =>
    fail(
      409,
      'uniqueness',
      `Eine Gruppe „${clip(name)}“ gibt es in diesem Mandanten schon.`,
      `A group "${clip(name)}" already exists in this client.`,
    ),
  idImmutable: () =>
    fail(400, 'mutability', '„id“ vergibt Buchbar und kann nicht geändert werden.', 'Buchbar assigns "id"; it cannot be changed.'),
  bulkUnsupported: () => fail(501, null, 'Sammelanfragen (Bulk) bietet Buchbar nicht an.', 'Buchbar does not offer bulk requests.'),
  meUnsupported: () =>
    fail(
      501,
      null,
      '„/Me“ gibt es nur für angemeldete Personen; ein Provisionierungs-Token steht für keine Person. Bitte fragen Sie /Users ab.',
      '"/Me" exists for signed-in people only; a provisioning token stands for no person. Please query /Users.',
    ),
  sortByUnknown: (attribute: string, allowed: readonly string[]) =>
    fail(
      400,
      'invalidValue',
      `Nach „${clip(attribute)}“ kann Buchbar nicht sortieren. Möglich sind: ${allowed.join(', ')}.`,
      `Buchbar cannot sort by "${clip(attribute)}". Possible are: ${allowed.join(', ')}.`,
    ),
  sortOrderInvalid: (value: string) =>
    fail(
      400,
      'invalidValue',
      `„sortOrder“ ist „ascending“ oder „descending“, nicht „${clip(value)}“.`,
      `"sortOrder" is "ascending" or "descending", not "${clip(value)}".`,
    ),
  versionMismatch: () =>
    fail(
      412,
      null,
      'Die Ressource wurde geändert, seit sie gelesen wurde (If-Match passt nicht zur Version). Bitte lesen Sie sie neu und wiederholen Sie die Änderung.',
      'The resource was changed since it was read (If-Match does not match its version). Please read it again and repeat the change.',
    ),
} as const;

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ');
  return one.length > 120 ? `${one.slice(0, 117)}…` : one;
}

// ---------------------------------------------------------------- JSON helpers

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The key of `obj` that names `name`: attribute names are case-insensitive in SCIM (RFC 7643 §2.1). */
export function keyOf(obj: JsonObject, name: string): string | undefined {
  if (Object.hasOwn(obj, name)) return name;
  const lower = name.toLowerCase();
  return Object.keys(obj).find((k) => k.toLowerCase() === lower);
}

export function getAttr(obj: JsonObject, name: string): Json | undefined {
  const k = keyOf(obj, name);
  return k === undefined ? undefined : obj[k];
}

const clone = <T extends Json>(v: T): T => structuredClone(v);

// ---------------------------------------------------------------- filters (RFC 7644 §3.4.2.2)

export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
export type FilterValue = string | number | boolean | null;

export type Filter =
  | { kind: 'compare'; path: string; op: CompareOp; value: FilterValue }
  | { kind: 'present'; path: string }
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter }
  | { kind: 'valuePath'; path: string; filter: Filter; sub?: string };

type Token =
  | { t: 'lparen' | 'rparen' | 'lbracket' | 'rbracket' }
  | { t: 'word'; v: string }
  | { t: 'string'; v: string }
  | { t: 'number'; v: number };

const COMPARE_OPS = new Set<string>(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);
const ATTR_PATH = /^(?:urn:[A-Za-z0-9:._-]+:)?[A-Za-z$][\w$-]*(?:\.[A-Za-z$][\w$-]*)?$/;
const SUB_ATTR = /^\.[A-Za-z$][\w$-]*/;

class FilterSyntax extends Error {}

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '(' || c === ')' || c === '[' || c === ']') {
      out.push({ t: c === '(' ? 'lparen' : c === ')' ? 'rparen' : c === '[' ? 'lbracket' : 'rbracket' });
      i++;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let raw = '"';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') {
          raw += text.slice(j, j + 2);
          j += 2;
        } else raw += text[j++];
      }
      if (j >= text.length) throw new FilterSyntax('unterminated string');
      raw += '"';
      try {
        out.push({ t: 'string', v: JSON.parse(raw) as string });
      } catch {
        throw new FilterSyntax('bad string');
      }
      i = j + 1;
      continue;
    }
    const m = /^[^\s()[\]"]+/.exec(text.slice(i));
    if (!m) throw new FilterSyntax('unexpected');
    const word = m[0];
    // `emails[type eq "work"].value`: the sub-attribute after the bracket belongs to the value path.
    if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(word)) out.push({ t: 'number', v: Number(word) });
    else out.push({ t: 'word', v: word });
    i += word.length;
  }
  return out;
}

/** Parses a SCIM filter; throws ScimError invalidFilter for anything that is not one. */
export function parseFilter(text: string): Filter {
  try {
    const tokens = tokenize(text);
    let pos = 0;
    const peek = () => tokens[pos];
    const next = () => {
      const tok = tokens[pos++];
      if (!tok) throw new FilterSyntax('end');
      return tok;
    };
    const isWord = (tok: Token | undefined, w: string): boolean => tok?.t === 'word' && tok.v.toLowerCase() === w;

    const parseOr = (): Filter => {
      let left = parseAnd();
      while (isWord(peek(), 'or')) {
        pos++;
        left = { kind: 'or', left, right: parseAnd() };
      }
      return left;
    };
    const parseAnd = (): Filter => {
      let left = parseUnary();
      while (isWord(peek(), 'and')) {
        pos++;
        left = { kind: 'and', left, right: parseUnary() };
      }
      return left;
    };
    const parseUnary = (): Filter => {
      const tok = peek();
      if (isWord(tok, 'not') && tokens[pos + 1]?.t === 'lparen') {
        pos += 2;
        const inner = parseOr();
        if (next().t !== 'rparen') throw new FilterSyntax(')');
        return { kind: 'not', filter: inner };
      }
      if (tok?.t === 'lparen') {
        pos++;
        const inner = parseOr();
        if (next().t !== 'rparen') throw new FilterSyntax(')');
        return inner;
      }
      return parseAttrExp();
    };
    const parseAttrExp = (): Filter => {
      const tok = next();
      if (tok.t !== 'word' || !ATTR_PATH.test(tok.v)) throw new FilterSyntax('attribute');
      const path = tok.v;
      if (peek()?.t === 'lbracket') {
        pos++;
        const inner = parseOr();
        if (next().t !== 'rbracket') throw new FilterSyntax(']');
        // A sub-attribute glued to the bracket (`emails[type eq "work"].value`) only in paths, not in filters.
        return { kind: 'valuePath', path, filter: inner };
      }
      const opTok = next();
      if (opTok.t !== 'word') throw new FilterSyntax('operator');
      const op = opTok.v.toLowerCase();
      if (op === 'pr') return { kind: 'present', path };
      if (!COMPARE_OPS.has(op)) throw new FilterSyntax('operator');
      const valueTok = next();
      let value: FilterValue;
      if (valueTok.t === 'string' || valueTok.t === 'number') value = valueTok.v;
      else if (valueTok.t === 'word' && ['true', 'false', 'null'].includes(valueTok.v.toLowerCase()))
        value = valueTok.v.toLowerCase() === 'null' ? null : valueTok.v.toLowerCase() === 'true';
      else throw new FilterSyntax('value');
      return { kind: 'compare', path, op: op as CompareOp, value };
    };

    const result = parseOr();
    if (pos !== tokens.length) throw new FilterSyntax('trailing');
    return result;
  } catch (err) {
    if (err instanceof FilterSyntax) throw scimErrors.filterSyntax(text);
    throw err;
  }
}

/** A filter written back as text; `parseFilter(printFilter(f))` is `f` again (property-tested). */
export function printFilter(f: Filter): string {
  switch (f.kind) {
    case 'compare':
      return `${f.path} ${f.op} ${JSON.stringify(f.value)}`;
    case 'present':
      return `${f.path} pr`;
    case 'and':
    case 'or':
      return `(${printFilter(f.left)} ${f.kind} ${printFilter(f.right)})`;
    case 'not':
      return `not (${printFilter(f.filter)})`;
    case 'valuePath':
      return `${f.path}[${printFilter(f.filter)}]`;
  }
}

/** Attributes compared exactly (RFC 7643: caseExact); every other string compares without regard to case. */
const CASE_EXACT = new Set(['id', 'externalid', 'members.value', 'value']);

/** The values an attribute path reaches in a resource: a multi-valued attribute gives each of its values. */
function valuesAt(resource: JsonObject, path: string): Json[] {
  const { schema, attr, sub } = splitAttrPath(path);
  const holder = schema && schema !== SCIM_SCHEMAS.user && schema !== SCIM_SCHEMAS.group ? getAttr(resource, schema) : resource;
  if (!isObject(holder)) return [];
  const top = getAttr(holder, attr);
  const items = Array.isArray(top) ? top : top === undefined ? [] : [top];
  if (!sub) {
    // A multi-valued attribute of objects compares its `value` (RFC 7644 §3.4.2.2: `emails eq "x"`).
    return items.map((it) => (isObject(it) && getAttr(it, 'value') !== undefined ? getAttr(it, 'value')! : it));
  }
  return items.flatMap((it) => {
    if (!isObject(it)) return [];
    const v = getAttr(it, sub);
    return v === undefined ? [] : [v];
  });
}

function compare(actual: Json, op: CompareOp, expected: FilterValue, exact: boolean): boolean {
  if (op === 'eq' && expected === null) return actual === null;
  if (op === 'ne' && expected === null) return actual !== null;
  if (typeof actual === 'string' && typeof expected === 'string') {
    const a = exact ? actual : actual.toLowerCase();
    const e = exact ? expected : expected.toLowerCase();
    switch (op) {
      case 'eq':
        return a === e;
      case 'ne':
        return a !== e;
      case 'co':
        return a.includes(e);
      case 'sw':
        return a.startsWith(e);
      case 'ew':
        return a.endsWith(e);
      case 'gt':
        return a > e;
      case 'ge':
        return a >= e;
      case 'lt':
        return a < e;
      case 'le':
        return a <= e;
    }
  }
  if (typeof actual === typeof expected && (typeof actual === 'number' || typeof actual === 'boolean')) {
    const a = actual as number | boolean;
    const e = expected as number | boolean;
    switch (op) {
      case 'eq':
        return a === e;
      case 'ne':
        return a !== e;
      case 'gt':
        return a > e;
      case 'ge':
        return a >= e;
      case 'lt':
        return a < e;
      case 'le':
        return a <= e;
      default:
        return false;
    }
  }
  return op === 'ne';
}

/** Does a resource (or one value of a multi-valued attribute) match the filter? The reference the server's queries are tested against. */
export function matchesFilter(f: Filter, resource: JsonObject): boolean {
  switch (f.kind) {
    case 'and':
      return matchesFilter(f.left, resource) && matchesFilter(f.right, resource);
    case 'or':
      return matchesFilter(f.left, resource) || matchesFilter(f.right, resource);
    case 'not':
      return !matchesFilter(f.filter, resource);
    case 'present':
      return valuesAt(resource, f.path).some((v) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0));
    case 'compare': {
      const values = valuesAt(resource, f.path);
      const exact = CASE_EXACT.has(normalisedPath(f.path));
      if (f.op === 'ne') return values.length === 0 ? f.value !== null : values.every((v) => compare(v, 'ne', f.value, exact));
      return values.some((v) => compare(v, f.op, f.value, exact));
    }
    case 'valuePath': {
      const top = getAttr(resource, f.path);
      const items = Array.isArray(top) ? top : [];
      return items.some((it) => isObject(it) && matchesFilter(f.filter, it));
    }
  }
}

function splitAttrPath(path: string): { schema?: string; attr: string; sub?: string } {
  let rest = path;
  let schema: string | undefined;
  if (rest.toLowerCase().startsWith('urn:')) {
    const i = rest.lastIndexOf(':');
    schema = rest.slice(0, i);
    rest = rest.slice(i + 1);
    const known = Object.values(SCIM_SCHEMAS).find((s) => s.toLowerCase() === schema!.toLowerCase());
    if (known) schema = known;
  }
  const dot = rest.indexOf('.');
  return dot < 0
    ? { ...(schema ? { schema } : {}), attr: rest }
    : { ...(schema ? { schema } : {}), attr: rest.slice(0, dot), sub: rest.slice(dot + 1) };
}

/** `userName`, `emails.value`, `members.value`: lower case, the core schema's URN taken off. */
function normalisedPath(path: string): string {
  const { schema, attr, sub } = splitAttrPath(path);
  const core = !schema || schema === SCIM_SCHEMAS.user || schema === SCIM_SCHEMAS.group;
  const base = `${attr}${sub ? `.${sub}` : ''}`.toLowerCase();
  return core ? base : `${schema!.toLowerCase()}:${base}`;
}

// ---------------------------------------------------------------- what a filter asks of the database

/** The attributes the server can look up by equality; every other filter is refused with invalidFilter. */
export type UserLookup = 'id' | 'userName' | 'externalId' | 'email' | 'displayName';
export type GroupLookup = 'id' | 'displayName' | 'externalId' | 'member';

const USER_LOOKUPS: Record<string, UserLookup> = {
  id: 'id',
  username: 'userName',
  externalid: 'externalId',
  emails: 'email',
  'emails.value': 'email',
  displayname: 'displayName',
};
const GROUP_LOOKUPS: Record<string, GroupLookup> = {
  id: 'id',
  displayname: 'displayName',
  externalid: 'externalId',
  members: 'member',
  'members.value': 'member',
};

export type LookupPlan<K extends string> = { attribute: K; value: string }[];

function planOf<K extends string>(text: string, table: Record<string, K>, attributes: string): LookupPlan<K> {
  const filter = parseFilter(text);
  const out: LookupPlan<K> = [];
  const walk = (f: Filter): boolean => {
    if (f.kind === 'and') return walk(f.left) && walk(f.right);
    if (f.kind === 'compare' && f.op === 'eq' && typeof f.value === 'string') {
      const attribute = table[normalisedPath(f.path)];
      if (!attribute) return false;
      out.push({ attribute, value: f.value });
      return true;
    }
    // `emails[value eq "x"]`, `emails[type eq "work" and value eq "x"]`: the value counts, the type is every e-mail's.
    if (f.kind === 'valuePath' && (f.path.toLowerCase() === 'emails' || f.path.toLowerCase() === 'members')) {
      const parts: Filter[] = [];
      const flat = (g: Filter): boolean => {
        if (g.kind === 'and') return flat(g.left) && flat(g.right);
        parts.push(g);
        return true;
      };
      flat(f.filter);
      let found = false;
      for (const p of parts) {
        if (p.kind !== 'compare' || p.op !== 'eq' || typeof p.value !== 'string') return false;
        const a = p.path.toLowerCase();
        if (a === 'value') {
          const attribute = table[`${f.path.toLowerCase()}.value`];
          if (!attribute) return false;
          out.push({ attribute, value: p.value });
          found = true;
        } else if (!(a === 'type' && f.path.toLowerCase() === 'emails' && p.value.toLowerCase() === 'work')) return false;
      }
      return found;
    }
    return false;
  };
  if (!walk(filter)) throw scimErrors.filterUnsupported(text, attributes);
  return out;
}

export const planUserFilter = (text: string) => planOf(text, USER_LOOKUPS, 'id, userName, externalId, emails und displayName');
export const planGroupFilter = (text: string) => planOf(text, GROUP_LOOKUPS, 'id, displayName, externalId und members');

/** A plan holds one value per attribute; two different values for one attribute match nothing. */
export function planConflicts<K extends string>(plan: LookupPlan<K>, caseExact: (k: K) => boolean): boolean {
  const seen = new Map<K, string>();
  for (const { attribute, value } of plan) {
    const v = caseExact(attribute) ? value : value.toLowerCase();
    const before = seen.get(attribute);
    if (before !== undefined && before !== v) return true;
    seen.set(attribute, v);
  }
  return false;
}

// ---------------------------------------------------------------- paging (RFC 7644 §3.4.2.4)

export interface Page {
  /** 1-based, as SCIM counts. */
  startIndex: number;
  count: number;
  offset: number;
}

/** `startIndex` below 1 counts as 1, `count` below 0 as 0 and above the maximum as the maximum (RFC 7644 §3.4.2.4). */
export function pageOf(query: { startIndex?: string | undefined; count?: string | undefined }): Page {
  const int = (name: string, raw: string | undefined, fallback: number) => {
    if (raw === undefined || raw === '') return fallback;
    if (!/^-?\d{1,9}$/.test(raw.trim())) throw scimErrors.pagingInvalid(name);
    return Number(raw.trim());
  };
  const startIndex = Math.max(1, int('startIndex', query.startIndex, 1));
  const count = Math.min(SCIM_MAX_RESULTS, Math.max(0, int('count', query.count, SCIM_DEFAULT_COUNT)));
  return { startIndex, count, offset: startIndex - 1 };
}

export function listResponse(resources: JsonObject[], total: number, page: Page): JsonObject {
  return {
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults: total,
    startIndex: page.startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** `attributes` and `excludedAttributes` (RFC 7644 §3.4.2.5) on the top level; id, schemas and meta always stay. */
export function projectResource(resource: JsonObject, attributes?: string, excluded?: string): JsonObject {
  const names = (s: string | undefined) =>
    (s ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x) => normalisedPath(x).split('.')[0]!.split(':').at(-1)!);
  const keep = new Set(['id', 'schemas', 'meta']);
  const wanted = names(attributes);
  const dropped = new Set(names(excluded));
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(resource)) {
    const lk = k.toLowerCase();
    const name = lk.startsWith('urn:') ? lk : lk;
    if (wanted.length > 0 && !keep.has(lk) && !wanted.includes(name) && !(name.startsWith('urn:') && wanted.some((w) => name.endsWith(w))))
      continue;
    if (dropped.has(name) && !keep.has(lk)) continue;
    out[k] = v;
  }
  return out;
}

// ---------------------------------------------------------------- PATCH (RFC 7644 §3.5.2)

export type PatchOpName = 'add' | 'replace' | 'remove';
export interface PatchOperation {
  op: PatchOpName;
  path?: string;
  value?: Json;
}

/** Checks a PatchOp body: its schema, its list, each operation's name (Entra writes `Add`, `Replace`, `Remove`). */
export function parsePatchRequest(body: unknown): PatchOperation[] {
  if (!isObject(body)) throw scimErrors.notAnObject();
  const schemas = getAttr(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.some((s) => typeof s === 'string' && s.toLowerCase() === SCIM_SCHEMAS.patchOp.toLowerCase()))
    throw scimErrors.wrongSchema(SCIM_SCHEMAS.patchOp);
  const ops = getAttr(body, 'Operations');
  if (!Array.isArray(ops) || ops.length === 0) throw scimErrors.patchOpsMissing();
  if (ops.length > SCIM_MAX_OPERATIONS) throw scimErrors.patchTooMany();
  return ops.map((raw) => {
    if (!isObject(raw)) throw scimErrors.patchOpsMissing();
    const op = getAttr(raw, 'op');
    const name = typeof op === 'string' ? op.toLowerCase() : '';
    if (name !== 'add' && name !== 'replace' && name !== 'remove')
      throw scimErrors.patchOpUnknown(typeof op === 'string' ? op : String(op));
    const path = getAttr(raw, 'path');
    if (path !== undefined && path !== null && typeof path !== 'string') throw scimErrors.pathInvalid(String(path));
    const value = getAttr(raw, 'value');
    const out: PatchOperation = { op: name };
    if (typeof path === 'string' && path.trim() !== '') out.path = path.trim();
    if (value !== undefined) out.value = value;
    if (name !== 'remove' && value === undefined) throw scimErrors.valueMissing(name);
    return out;
  });
}

export interface PatchPath {
  /** The extension the attribute lives in (its object in the resource), or none for the core schema. */
  schema?: string;
  attr: string;
  filter?: Filter;
  sub?: string;
}

/** `name.familyName`, `emails[type eq "work"].value`, `urn:…:enterprise:2.0:User:employeeNumber`. */
export function parsePatchPath(text: string): PatchPath {
  let rest = text.trim();
  let schema: string | undefined;
  const known = Object.values(SCIM_SCHEMAS)
    .filter((s) => rest.toLowerCase().startsWith(`${s.toLowerCase()}:`) || rest.toLowerCase() === s.toLowerCase())
    .sort((a, b) => b.length - a.length)[0];
  if (known) {
    if (rest.length === known.length) return { attr: known };
    rest = rest.slice(known.length + 1);
    if (known !== SCIM_SCHEMAS.user && known !== SCIM_SCHEMAS.group) schema = known;
  } else if (rest.toLowerCase().startsWith('urn:')) {
    // An extension Buchbar does not know: its attributes are kept in its own object, and mean nothing here.
    const i = rest.lastIndexOf(':');
    schema = rest.slice(0, i);
    rest = rest.slice(i + 1);
  }
  const m = /^([A-Za-z$][\w$-]*)/.exec(rest);
  if (!m) throw scimErrors.pathInvalid(text);
  const attr = m[1]!;
  rest = rest.slice(attr.length);
  let filter: Filter | undefined;
  if (rest.startsWith('[')) {
    const close = closingBracket(rest);
    if (close < 0) throw scimErrors.pathInvalid(text);
    try {
      filter = parseFilter(rest.slice(1, close));
    } catch {
      throw scimErrors.pathInvalid(text);
    }
    rest = rest.slice(close + 1);
  }
  let sub: string | undefined;
  const s = SUB_ATTR.exec(rest);
  if (s) {
    sub = s[0].slice(1);
    rest = rest.slice(s[0].length);
  }
  if (rest !== '') throw scimErrors.pathInvalid(text);
  return { ...(schema ? { schema } : {}), attr, ...(filter ? { filter } : {}), ...(sub ? { sub } : {}) };
}

function closingBracket(s: string): number {
  let inString = false;
  for (let i = 1; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === ']') return i;
  }
  return -1;
}

/** The object an attribute lives in: the resource, or its extension's object (made when an add or replace needs it). */
function holderOf(resource: JsonObject, path: PatchPath, create: boolean): JsonObject | undefined {
  if (!path.schema) return resource;
  const k = keyOf(resource, path.schema);
  const found = k === undefined ? undefined : resource[k];
  if (isObject(found)) return found;
  if (!create) return undefined;
  const made: JsonObject = {};
  resource[path.schema] = made;
  const schemas = getAttr(resource, 'schemas');
  if (Array.isArray(schemas) && !schemas.includes(path.schema)) schemas.push(path.schema);
  return made;
}

/** One equality `type eq "work"` of a value filter, to make the value when an add finds none (Entra adds `emails[type eq "work"].value` to a person without one). */
function seedOf(filter: Filter): JsonObject | null {
  const out: JsonObject = {};
  const walk = (f: Filter): boolean => {
    if (f.kind === 'and') return walk(f.left) && walk(f.right);
    if (f.kind === 'compare' && f.op === 'eq') {
      out[f.path] = f.value;
      return true;
    }
    return false;
  };
  return walk(filter) ? out : null;
}

const sameValue = (a: Json, b: Json) => {
  if (isObject(a) && isObject(b)) {
    const va = getAttr(a, 'value');
    const vb = getAttr(b, 'value');
    if (va !== undefined && vb !== undefined) return JSON.stringify(va) === JSON.stringify(vb);
  }
  return JSON.stringify(a) === JSON.stringify(b);
};

function setAttr(holder: JsonObject, name: string, value: Json, op: 'add' | 'replace') {
  const k = keyOf(holder, name) ?? name;
  const before = holder[k];
  if (op === 'add' && Array.isArray(before)) {
    // Adding to a multi-valued attribute appends what is not there yet (RFC 7644 §3.5.2.1).
    const incoming = Array.isArray(value) ? value : [value];
    holder[k] = [...before, ...incoming.filter((v) => !before.some((b) => sameValue(b, v)))];
    return;
  }
  if (op === 'add' && isObject(before) && isObject(value)) {
    holder[k] = { ...before, ...value };
    return;
  }
  holder[k] = clone(value);
}

function applyOne(resource: JsonObject, op: PatchOperation): void {
  if (!op.path) {
    if (op.op === 'remove') throw scimErrors.removeNeedsPath();
    if (!isObject(op.value)) throw scimErrors.valueNeedsObject();
    // Without a path each key is a path of its own (Entra: `"name.givenName"`, `"emails[type eq \"work\"].value"`).
    for (const [key, value] of Object.entries(op.value)) {
      const lower = key.toLowerCase();
      if (lower === 'schemas' || lower === 'meta' || lower === 'id') continue;
      const known = Object.values(SCIM_SCHEMAS).find((s) => s.toLowerCase() === lower);
      if (known && isObject(value)) {
        for (const [inner, v] of Object.entries(value)) applyOne(resource, { op: op.op, path: `${known}:${inner}`, value: v });
        continue;
      }
      applyOne(resource, { op: op.op, path: key, value });
    }
    return;
  }
  const path = parsePatchPath(op.path);
  if (path.attr.toLowerCase() === 'id' && !path.schema) throw scimErrors.idImmutable();
  if (Object.values(SCIM_SCHEMAS).includes(path.attr as never)) {
    // The path names an extension itself: its object is added to, replaced or removed.
    if (op.op === 'remove') {
      const k = keyOf(resource, path.attr);
      if (k !== undefined) delete resource[k];
      return;
    }
    if (!isObject(op.value)) throw scimErrors.valueNeedsObject();
    for (const [inner, v] of Object.entries(op.value)) applyOne(resource, { op: op.op, path: `${path.attr}:${inner}`, value: v });
    return;
  }
  const holder = holderOf(resource, path, op.op !== 'remove');
  if (!holder) return;
  const key = keyOf(holder, path.attr) ?? path.attr;

  if (path.filter) {
    const list = holder[key];
    const items = Array.isArray(list) ? list : [];
    const hits = items.filter((it) => isObject(it) && matchesFilter(path.filter!, it));
    if (op.op === 'remove') {
      if (path.sub) {
        for (const it of hits) {
          const k = keyOf(it as JsonObject, path.sub);
          if (k !== undefined) delete (it as JsonObject)[k];
        }
      } else holder[key] = items.filter((it) => !hits.includes(it));
      return;
    }
    if (hits.length === 0) {
      const seed = seedOf(path.filter);
      if (!seed) throw scimErrors.noTarget(op.path);
      const made: JsonObject = { ...seed };
      if (path.sub) made[path.sub] = clone(op.value!);
      else if (isObject(op.value)) Object.assign(made, clone(op.value));
      else throw scimErrors.noTarget(op.path);
      holder[key] = [...items, made];
      return;
    }
    for (const it of hits) {
      const obj = it as JsonObject;
      if (path.sub) setAttr(obj, path.sub, op.value!, op.op);
      else if (isObject(op.value)) {
        if (op.op === 'replace') for (const k of Object.keys(obj)) delete obj[k];
        Object.assign(obj, clone(op.value));
      } else throw scimErrors.noTarget(op.path);
    }
    return;
  }

  if (path.sub) {
    const current = holder[key];
    if (op.op === 'remove') {
      if (isObject(current)) {
        const k = keyOf(current, path.sub);
        if (k !== undefined) delete current[k];
      } else if (Array.isArray(current)) {
        for (const it of current) if (isObject(it)) delete it[keyOf(it, path.sub) ?? path.sub];
      }
      return;
    }
    if (Array.isArray(current)) {
      // `emails.value` on a list: the primary value, else the first, else a new one.
      const target = (current.find((it) => isObject(it) && getAttr(it, 'primary') === true) ?? current[0]) as JsonObject | undefined;
      if (isObject(target)) setAttr(target, path.sub, op.value!, op.op);
      else holder[key] = [{ [path.sub]: clone(op.value!) }];
      return;
    }
    const obj: JsonObject = isObject(current) ? current : {};
    setAttr(obj, path.sub, op.value!, op.op);
    holder[key] = obj;
    return;
  }

  if (op.op === 'remove') {
    const current = holder[key];
    if (Array.isArray(current) && op.value !== undefined) {
      // Entra removes members by value: `{"op":"Remove","path":"members","value":[{"value":"…"}]}`.
      const gone = Array.isArray(op.value) ? op.value : [op.value];
      holder[key] = current.filter((it) => !gone.some((g) => sameValue(it, g)));
    } else delete holder[key];
    return;
  }
  setAttr(holder, path.attr, op.value!, op.op);
}

/** Applies the operations in order to a copy of the resource (RFC 7644 §3.5.2: all or nothing, so the caller saves only the result). */
export function applyPatch(resource: JsonObject, ops: readonly PatchOperation[]): JsonObject {
  const copy = clone(resource);
  for (const op of ops) applyOne(copy, op);
  return copy;
}

// ---------------------------------------------------------------- Users

/** What Buchbar keeps of a SCIM User (docs/product.md#provisioning-scim). */
export interface ScimUserFields {
  userName: string;
  externalId: string | null;
  active: boolean;
  firstName: string;
  lastName: string;
  email: string;
  employeeNumber: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function text(obj: JsonObject | undefined, name: string, field: string, max: number): string | undefined {
  if (!obj) return undefined;
  const v = getAttr(obj, name);
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') {
    if (typeof v === 'number') return String(v);
    throw scimErrors.notText(field);
  }
  const t = v.trim();
  if (t.length > max) throw scimErrors.tooLong(field, max);
  return t;
}

/** `true`, `false`, and the texts `"True"`/`"False"` that Entra sends. */
export function scimBoolean(value: Json | undefined, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === 'true') return true;
    if (v === 'false') return false;
  }
  throw scimErrors.activeInvalid();
}

/** The e-mail of a User: the primary one, else the work one, else the first, else the userName when it is an address. */
export function emailOf(user: JsonObject, userName: string): string | null {
  const list = getAttr(user, 'emails');
  const items = (Array.isArray(list) ? list : []).filter(isObject);
  const addressOf = (it: JsonObject) => {
    const v = getAttr(it, 'value');
    return typeof v === 'string' ? v.trim() : '';
  };
  const candidates = [
    items.find((it) => getAttr(it, 'primary') === true || getAttr(it, 'primary') === 'True' || getAttr(it, 'primary') === 'true'),
    items.find((it) => String(getAttr(it, 'type') ?? '').toLowerCase() === 'work'),
    items[0],
  ];
  for (const c of candidates) if (c && EMAIL.test(addressOf(c))) return addressOf(c);
  return EMAIL.test(userName) ? userName : null;
}

/**
 * A User as Buchbar keeps it. With `requireSchema` (POST, PUT) the body must name
 * the core User schema; after a PATCH the resource is Buchbar's own and is not asked.
 */
export function parseUser(body: unknown, requireSchema: boolean): ScimUserFields {
  if (!isObject(body)) throw scimErrors.notAnObject();
  if (requireSchema) {
    const schemas = getAttr(body, 'schemas');
    if (!Array.isArray(schemas) || !schemas.some((s) => typeof s === 'string' && s.toLowerCase() === SCIM_SCHEMAS.user.toLowerCase()))
      throw scimErrors.wrongSchema(SCIM_SCHEMAS.user);
  }
  const userName = text(body, 'userName', 'userName', 320);
  if (!userName) throw scimErrors.userNameMissing();
  const externalId = text(body, 'externalId', 'externalId', 200) || null;
  const active = scimBoolean(getAttr(body, 'active'), true);
  const nameObj = getAttr(body, 'name');
  const name = isObject(nameObj) ? nameObj : undefined;
  const given = text(name, 'givenName', 'name.givenName', 100) ?? '';
  const family = text(name, 'familyName', 'name.familyName', 100) ?? '';
  const display = text(body, 'displayName', 'displayName', 200) ?? text(name, 'formatted', 'name.formatted', 200) ?? '';
  const email = emailOf(body, userName);
  if (!email) throw scimErrors.emailMissing();
  if (email.length > 320) throw scimErrors.tooLong('emails.value', 320);
  let firstName = given;
  let lastName = family;
  if (!given || !family) {
    const parts = display.split(/\s+/).filter(Boolean);
    firstName = given || (parts.length > 1 ? parts.slice(0, -1).join(' ') : '');
    lastName = family || parts.at(-1) || '';
  }
  if (!lastName) throw scimErrors.lastNameMissing();
  if (firstName.length > 100) throw scimErrors.tooLong('name.givenName', 100);
  if (lastName.length > 100) throw scimErrors.tooLong('name.familyName', 100);
  const ext = getAttr(body, SCIM_SCHEMAS.enterprise);
  const employeeNumber = (isObject(ext) ? text(ext, 'employeeNumber', 'employeeNumber', 100) : undefined) || null;
  return { userName, externalId, active, firstName, lastName, email, employeeNumber };
}

/** A Buchbar person as the server reads them for SCIM. */
export interface ScimPersonView {
  id: string;
  userName: string | null;
  externalId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  employeeId: string | null;
  department: string | null;
  status: string;
  created: Date;
  lastModified: Date;
}

/** The User resource of a person; a member never provisioned gets their e-mail as userName, so Entra can match them. */
export function toScimUser(p: ScimPersonView, baseUrl: string): JsonObject {
  const { meta, ...content } = userResource(p, baseUrl);
  return { ...content, meta: { ...(meta as JsonObject), version: scimVersion(content) } };
}

function userResource(p: ScimPersonView, baseUrl: string): JsonObject {
  const enterprise: JsonObject = {};
  if (p.employeeId) enterprise.employeeNumber = p.employeeId;
  if (p.department) enterprise.department = p.department;
  const displayName = `${p.firstName} ${p.lastName}`.trim();
  return {
    schemas: Object.keys(enterprise).length > 0 ? [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterprise] : [SCIM_SCHEMAS.user],
    id: p.id,
    ...(p.externalId ? { externalId: p.externalId } : {}),
    userName: p.userName ?? p.email,
    name: { givenName: p.firstName, familyName: p.lastName, formatted: displayName },
    displayName,
    emails: [{ value: p.email, type: 'work', primary: true }],
    active: p.status === 'aktiv',
    ...(Object.keys(enterprise).length > 0 ? { [SCIM_SCHEMAS.enterprise]: enterprise } : {}),
    meta: {
      resourceType: 'User',
      created: p.created.toISOString(),
      lastModified: p.lastModified.toISOString(),
      location: `${baseUrl}/Users/${p.id}`,
    },
  };
}

// ---------------------------------------------------------------- Groups

export interface ScimGroupFields {
  displayName: string;
  externalId: string | null;
  /** The member ids a POST or PUT names; null when it names none (PUT then keeps the members). */
  members: string[] | null;
}

export function membersOf(value: Json | undefined): string[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((m) => {
    const v = isObject(m) ? getAttr(m, 'value') : m;
    if (typeof v !== 'string' || v.trim() === '') throw scimErrors.membersInvalid();
    return v.trim();
  });
}

export function parseGroup(body: unknown, requireSchema: boolean): ScimGroupFields {
  if (!isObject(body)) throw scimErrors.notAnObject();
  if (requireSchema) {
    const schemas = getAttr(body, 'schemas');
    if (!Array.isArray(schemas) || !schemas.some((s) => typeof s === 'string' && s.toLowerCase() === SCIM_SCHEMAS.group.toLowerCase()))
      throw scimErrors.wrongSchema(SCIM_SCHEMAS.group);
  }
  const displayName = text(body, 'displayName', 'displayName', 100);
  if (!displayName) throw scimErrors.displayNameMissing();
  const externalId = text(body, 'externalId', 'externalId', 200) || null;
  const raw = getAttr(body, 'members');
  return { displayName, externalId, members: raw === undefined ? null : [...new Set(membersOf(raw))] };
}

export interface ScimGroupView {
  id: string;
  name: string;
  externalId: string | null;
  created: Date | null;
  lastModified: Date | null;
  /** A digest of the group's visible member ids, read with the group, so its version holds with or without the members. */
  membersStamp: string;
  members: { id: string; display: string }[] | null;
}

export function toScimGroup(g: ScimGroupView, baseUrl: string): JsonObject {
  const stamp = (g.lastModified ?? g.created)?.toISOString();
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: g.id,
    ...(g.externalId ? { externalId: g.externalId } : {}),
    displayName: g.name,
    ...(g.members ? { members: g.members.map((m) => ({ value: m.id, display: m.display, $ref: `${baseUrl}/Users/${m.id}` })) } : {}),
    meta: {
      resourceType: 'Group',
      ...(g.created ? { created: g.created.toISOString() } : {}),
      ...(stamp ? { lastModified: stamp } : {}),
      location: `${baseUrl}/Groups/${g.id}`,
      version: groupVersion(g),
    },
  };
}

/** What a Group PATCH does: the group's own fields, and its members as a change (a group of thousands is never read whole for it). */
export interface GroupPatchPlan {
  displayName?: string;
  externalId?: string | null;
  /** All members replaced by these (a `replace` of `members`), applied before `add` and `remove`. */
  replaceMembers?: string[];
  add: string[];
  remove: string[];
  /** Remove every member (a `remove` of `members` without value or filter). */
  removeAll: boolean;
}

/** Member filters as Okta sends them: `members[value eq "…"]`, also joined with `or`. */
function memberIdsOfFilter(f: Filter, path: string): string[] {
  if (f.kind === 'or') return [...memberIdsOfFilter(f.left, path), ...memberIdsOfFilter(f.right, path)];
  if (f.kind === 'compare' && f.op === 'eq' && f.path.toLowerCase() === 'value' && typeof f.value === 'string') return [f.value];
  throw scimErrors.pathInvalid(path);
}

export function planGroupPatch(
  current: { displayName: string; externalId: string | null },
  ops: readonly PatchOperation[],
): GroupPatchPlan {
  const plan: GroupPatchPlan = { add: [], remove: [], removeAll: false };
  const add = new Set<string>();
  const remove = new Set<string>();
  let fields: JsonObject = {
    schemas: [SCIM_SCHEMAS.group],
    displayName: current.displayName,
    ...(current.externalId ? { externalId: current.externalId } : {}),
  };
  const addMembers = (ids: string[]) => {
    for (const id of ids) {
      add.add(id);
      remove.delete(id);
    }
  };
  const removeMembers = (ids: string[]) => {
    for (const id of ids) {
      remove.add(id);
      add.delete(id);
    }
  };
  const replaceMembers = (ids: string[]) => {
    plan.replaceMembers = [...new Set(ids)];
    plan.removeAll = false;
    add.clear();
    remove.clear();
  };
  for (const op of ops) {
    const members = membersPart(op);
    if (members === 'none') {
      fields = applyPatch(fields, [op]);
      continue;
    }
    if (op.op === 'remove') {
      if (members.filter) removeMembers(memberIdsOfFilter(members.filter, op.path ?? 'members'));
      else if (op.value !== undefined && op.value !== null) removeMembers(membersOf(op.value));
      else {
        plan.replaceMembers = [];
        plan.removeAll = true;
        add.clear();
        remove.clear();
      }
    } else if (op.op === 'add') addMembers(membersOf(members.value));
    else replaceMembers(membersOf(members.value));
    if (!op.path && isObject(op.value)) {
      // The rest of a path-less object are the group's own fields.
      const rest = Object.fromEntries(Object.entries(op.value).filter(([k]) => k.toLowerCase() !== 'members'));
      if (Object.keys(rest).length > 0) fields = applyPatch(fields, [{ op: op.op, value: rest }]);
    }
  }
  const parsed = parseGroup(fields, false);
  if (parsed.displayName !== current.displayName) plan.displayName = parsed.displayName;
  if (parsed.externalId !== current.externalId) plan.externalId = parsed.externalId;
  plan.add = [...add];
  plan.remove = [...remove];
  return plan;
}

/** Whether an operation is about members: its path names them, or its path-less object carries them. */
function membersPart(op: PatchOperation): 'none' | { filter?: Filter; value: Json | undefined } {
  if (op.path) {
    const path = parsePatchPath(op.path);
    if (path.schema || path.attr.toLowerCase() !== 'members') return 'none';
    if (path.sub && path.sub.toLowerCase() !== 'value') throw scimErrors.pathInvalid(op.path);
    return { ...(path.filter ? { filter: path.filter } : {}), value: op.value };
  }
  if (isObject(op.value)) {
    const k = keyOf(op.value, 'members');
    if (k !== undefined) return { value: op.value[k] };
  }
  return 'none';
}

// ---------------------------------------------------------------- versions (RFC 7644 §3.14)

/**
 * A resource's version, a weak entity tag over what the resource says (not
 * over a stamp): it changes with every change a provider can see, whoever made
 * it (SCIM, /admin, the directory sync), and stays when nothing visible did.
 */
export function scimVersion(content: Json): string {
  return `W/"${createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 22)}"`;
}

export const groupVersion = (g: Pick<ScimGroupView, 'id' | 'name' | 'externalId' | 'membersStamp'>) =>
  scimVersion([g.id, g.externalId, g.name, g.membersStamp]);

/** The entity tags an If-Match or If-None-Match header lists (`*` stands for any version). */
export function entityTags(header: string | undefined): string[] {
  if (!header) return [];
  return (header.match(/\*|(?:W\/)?"[^"]*"/g) ?? []).map((t) => t.trim());
}

/** Whether a header's tags name this version; weak comparison, as RFC 9110 §13.1.2 asks for If-None-Match. */
export function tagsMatch(tags: readonly string[], version: string): boolean {
  const bare = (t: string) => t.replace(/^W\//, '');
  return tags.some((t) => t === '*' || bare(t) === bare(version));
}

/** An If-Match that names another version refuses the change (412); no If-Match changes whatever is there. */
export function assertIfMatch(ifMatch: string | undefined, version: string): void {
  const tags = entityTags(ifMatch);
  if (tags.length > 0 && !tagsMatch(tags, version)) throw scimErrors.versionMismatch();
}

// ---------------------------------------------------------------- sorting (RFC 7644 §3.4.2.3)

export type UserSortKey =
  | 'id'
  | 'userName'
  | 'externalId'
  | 'givenName'
  | 'familyName'
  | 'displayName'
  | 'email'
  | 'created'
  | 'lastModified';
export type GroupSortKey = 'id' | 'displayName' | 'externalId' | 'created' | 'lastModified';
export interface ScimSort<K extends string> {
  key: K;
  descending: boolean;
}

const USER_SORT: Record<string, UserSortKey> = {
  id: 'id',
  username: 'userName',
  externalid: 'externalId',
  'name.givenname': 'givenName',
  'name.familyname': 'familyName',
  'name.formatted': 'displayName',
  displayname: 'displayName',
  emails: 'email',
  'emails.value': 'email',
  'meta.created': 'created',
  'meta.lastmodified': 'lastModified',
};
const GROUP_SORT: Record<string, GroupSortKey> = {
  id: 'id',
  displayname: 'displayName',
  externalid: 'externalId',
  'meta.created': 'created',
  'meta.lastmodified': 'lastModified',
};
const SORT_NAMES = {
  User: [
    'userName',
    'name.givenName',
    'name.familyName',
    'displayName',
    'emails.value',
    'externalId',
    'meta.created',
    'meta.lastModified',
    'id',
  ],
  Group: ['displayName', 'externalId', 'meta.created', 'meta.lastModified', 'id'],
} as const;

function sortOf<K extends string>(
  table: Record<string, K>,
  names: readonly string[],
  schema: string,
  query: { sortBy?: string | undefined; sortOrder?: string | undefined },
): ScimSort<K> | null {
  const order = (query.sortOrder ?? '').trim();
  if (order !== '' && !/^(ascending|descending)$/i.test(order)) throw scimErrors.sortOrderInvalid(order);
  const raw = (query.sortBy ?? '').trim();
  // Without sortBy the order is Buchbar's own and sortOrder says nothing (RFC 7644 §3.4.2.3).
  if (raw === '') return null;
  const lower = raw.toLowerCase();
  const prefix = `${schema.toLowerCase()}:`;
  const path = lower.startsWith(prefix) ? lower.slice(prefix.length) : lower;
  const key = table[path];
  if (!key) throw scimErrors.sortByUnknown(raw, names);
  return { key, descending: /^descending$/i.test(order) };
}

/** `sortBy`/`sortOrder` of a User list: attribute names without regard to case, with or without the schema's URN. */
export const userSortOf = (query: { sortBy?: string | undefined; sortOrder?: string | undefined }) =>
  sortOf(USER_SORT, SORT_NAMES.User, SCIM_SCHEMAS.user, query);
export const groupSortOf = (query: { sortBy?: string | undefined; sortOrder?: string | undefined }) =>
  sortOf(GROUP_SORT, SORT_NAMES.Group, SCIM_SCHEMAS.group, query);

// ---------------------------------------------------------------- discovery (RFC 7644 §4)

export function serviceProviderConfig(baseUrl: string): JsonObject {
  return {
    schemas: [SCIM_SCHEMAS.serviceProviderConfig],
    documentationUri: `${baseUrl.replace(/\/scim\/v2$/, '')}/handbuch/schnittstellen`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: true },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer-Token',
        description: 'Provisionierungs-Token des Mandanten (Verwaltung → Mandanten), Kopfzeile „Authorization: Bearer bbs_…“.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string): JsonObject[] {
  return [
    {
      schemas: [SCIM_SCHEMAS.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'Eine Person des Mandanten',
      schema: SCIM_SCHEMAS.user,
      schemaExtensions: [{ schema: SCIM_SCHEMAS.enterprise, required: false }],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: [SCIM_SCHEMAS.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'Eine Gruppe des Mandanten',
      schema: SCIM_SCHEMAS.group,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}

const attribute = (
  name: string,
  extra: Partial<{
    type: string;
    multiValued: boolean;
    required: boolean;
    mutability: string;
    uniqueness: string;
    caseExact: boolean;
    subAttributes: JsonObject[];
  }> = {},
): JsonObject => ({
  name,
  type: extra.type ?? 'string',
  multiValued: extra.multiValued ?? false,
  required: extra.required ?? false,
  caseExact: extra.caseExact ?? false,
  mutability: extra.mutability ?? 'readWrite',
  returned: 'default',
  uniqueness: extra.uniqueness ?? 'none',
  ...(extra.subAttributes ? { subAttributes: extra.subAttributes } : {}),
});

/** The attributes Buchbar keeps; everything else a client sends is accepted and not kept. */
export function schemaDocuments(baseUrl: string): JsonObject[] {
  const doc = (id: string, name: string, description: string, attributes: JsonObject[]): JsonObject => ({
    schemas: [SCIM_SCHEMAS.schema],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${id}` },
  });
  return [
    doc(SCIM_SCHEMAS.user, 'User', 'Person', [
      attribute('userName', { required: true, uniqueness: 'server' }),
      attribute('externalId', { caseExact: true }),
      attribute('name', {
        type: 'complex',
        subAttributes: [attribute('givenName'), attribute('familyName'), attribute('formatted', { mutability: 'readOnly' })],
      }),
      attribute('displayName'),
      attribute('emails', {
        type: 'complex',
        multiValued: true,
        required: true,
        subAttributes: [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })],
      }),
      attribute('active', { type: 'boolean' }),
    ]),
    doc(SCIM_SCHEMAS.enterprise, 'EnterpriseUser', 'Personalnummer und Abteilung', [
      attribute('employeeNumber'),
      attribute('department', { mutability: 'readOnly' }),
    ]),
    doc(SCIM_SCHEMAS.group, 'Group', 'Gruppe', [
      attribute('displayName', { required: true, uniqueness: 'server' }),
      attribute('externalId', { caseExact: true }),
      attribute('members', {
        type: 'complex',
        multiValued: true,
        subAttributes: [attribute('value', { caseExact: true }), attribute('display', { mutability: 'readOnly' })],
      }),
    ]),
  ];
}

/** The language of the `detail` sentences: English when the client prefers it (`Accept-Language: en…`), else German. */
export function scimLocale(acceptLanguage: string | undefined): 'de-de' | 'en-us' {
  const first = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: (tag ?? '').toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((x) => x.tag && !Number.isNaN(x.q) && x.q > 0)
    .sort((a, b) => b.q - a.q)[0];
  return first?.tag.startsWith('en') ? 'en-us' : 'de-de';
}

/** The SCIM error body of a refusal (RFC 7644 §3.12): `status` is a text there. */
export function errorBody(status: number, scimType: ScimType | null, detail: string): JsonObject {
  return { schemas: [SCIM_SCHEMAS.error], status: String(status), ...(scimType ? { scimType } : {}), detail };
}
