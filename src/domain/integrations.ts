import type { RouteAccess } from './route-access';

/**
 * The rules of the integration API and of webhooks (decision 213): what a token
 * looks like and what it may call, how a webhook is signed, when a delivery is
 * tried again, when a subscription is switched off, and how much personal data
 * a payload carries. Pure: the server only stores, sends and reads the clock.
 */

// ---------------------------------------------------------------- tokens

/** The three scopes a token or a webhook subscription can hold. */
export const TOKEN_SCOPES = ['bookings:read', 'bookings:write', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_KINDS = ['person', 'tenant'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

/** `bbr_` and 43 characters of base64url (32 random bytes): found by secret scanners, never guessed. */
export const TOKEN_PREFIX = 'bbr_';
const TOKEN_SHAPE = /^bbr_[A-Za-z0-9_-]{43}$/;
/** Longest life of a token; a token without an end is not offered. */
export const TOKEN_MAX_DAYS = 366;

export const isTokenShape = (value: string) => TOKEN_SHAPE.test(value);

/** The part shown in lists so a person recognises a token: prefix and the first six characters. */
export const tokenHint = (token: string) => `${token.slice(0, TOKEN_PREFIX.length + 6)}…`;

/** The bearer token of an Authorization header, or null when there is none of Buchbar's shape. */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

/**
 * Paths a token never reaches, whatever its scope: managing tokens and webhooks
 * (a token must not mint tokens), the person's own sign-in and security
 * (password, second factor, passkeys, sessions) and the tenant's administration
 * with its secrets. `GET /api/session/me` stays open: a client learns whose token it holds.
 */
const NEVER_BY_TOKEN = [/^\/api\/integrations(\/|$)/, /^\/api\/session(\/|$)/, /^\/api\/admin\/tenant(\/|$)/, /^\/api\/events$/];

/** The scope a route needs from a token, `none` for public routes, or `never`. */
export function scopeForRoute(method: string, url: string, access: RouteAccess): TokenScope | 'none' | 'never' {
  if (access.kind === 'public') return 'none';
  if (access.kind === 'operator') return 'never';
  if (method === 'GET' && url === '/api/session/me') return 'bookings:read';
  if (NEVER_BY_TOKEN.some((p) => p.test(url))) return 'never';
  if (access.kind === 'section' || access.kind === 'sectionOrPermission') return 'admin';
  return method === 'GET' || method === 'HEAD' ? 'bookings:read' : 'bookings:write';
}

export type TokenRefusal = { code: 'token_scope'; scope: TokenScope } | { code: 'token_not_allowed' };

/**
 * May a token with these scopes call the route? The person's own rights are
 * checked afterwards as for a signed-in request, so a token never does more
 * than its person may, and never more than its scopes allow.
 */
export function tokenMayCall(
  scopes: readonly string[],
  method: string,
  url: string,
  access: RouteAccess,
): { allowed: true } | { allowed: false; refusal: TokenRefusal } {
  const need = scopeForRoute(method, url, access);
  if (need === 'none') return { allowed: true };
  if (need === 'never') return { allowed: false, refusal: { code: 'token_not_allowed' } };
  return scopes.includes(need) ? { allowed: true } : { allowed: false, refusal: { code: 'token_scope', scope: need } };
}

export const TOKEN_MESSAGES = {
  invalid: 'Das API-Token ist ungültig, abgelaufen oder widerrufen.',
  scope: (scope: TokenScope) => `Das API-Token hat nicht den Geltungsbereich „${scope}“, den diese Anfrage braucht.`,
  notAllowed: 'Diese Anfrage ist mit einem API-Token nicht möglich; bitte melden Sie sich an.',
  tenantTokenNeedsAdmin: 'Mandanten-Token legen nur Personen mit dem Recht zur Mandantenpflege an.',
  nameMissing: 'Bitte geben Sie dem Token einen Namen, an dem Sie es später erkennen.',
  scopesMissing: 'Bitte wählen Sie mindestens einen Geltungsbereich.',
  expiryPast: 'Das Ablaufdatum muss in der Zukunft liegen.',
  expiryTooFar: `Ein Token gilt höchstens ${TOKEN_MAX_DAYS} Tage; bitte wählen Sie ein früheres Ablaufdatum.`,
  adminScopeNeedsAdmin: 'Den Geltungsbereich „admin“ kann nur vergeben, wer selbst Zugang zur Verwaltung hat.',
  notFound: 'Dieses Token gibt es nicht (mehr).',
  rateLimited: 'Mit diesem API-Token kamen in der letzten Minute zu viele Anfragen. Bitte warten Sie einen Moment.',
} as const;

/** Requests one token may make in a minute, across all nodes. */
export const TOKEN_REQUESTS_PER_MINUTE = 120;

export type TokenProblem = 'nameMissing' | 'scopesMissing' | 'expiryPast' | 'expiryTooFar';

/** Checks a new token's name, scopes and end; `now` and `expiresAt` are instants. */
export function tokenProblem(input: { name: string; scopes: readonly string[]; expiresAt: Date }, now: Date): TokenProblem | null {
  if (input.name.trim().length === 0) return 'nameMissing';
  if (input.scopes.length === 0) return 'scopesMissing';
  if (input.expiresAt.getTime() <= now.getTime()) return 'expiryPast';
  if (input.expiresAt.getTime() - now.getTime() > TOKEN_MAX_DAYS * 86_400_000) return 'expiryTooFar';
  return null;
}

/** A token counts while it is neither revoked nor past its end. */
export const tokenUsable = (t: { revokedAt: Date | null; expiresAt: Date }, now: Date) =>
  t.revokedAt === null && t.expiresAt.getTime() > now.getTime();

/** The last use is written at most once a minute per token, not on every request. */
export const LAST_USED_EVERY_MS = 60_000;
export const lastUseDue = (lastUsedAt: Date | null, now: Date) =>
  lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= LAST_USED_EVERY_MS;

// ---------------------------------------------------------------- webhooks

export const WEBHOOK_EVENTS = [
  'booking.created',
  'booking.changed',
  'booking.cancelled',
  'trip.started',
  'trip.ended',
  'damage.reported',
  'person.provisioned',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A subscription's scopes: what its payloads may carry (tokens' write scope means nothing here). */
export const WEBHOOK_SCOPES = ['bookings:read', 'admin'] as const satisfies readonly TokenScope[];
export type WebhookScope = (typeof WEBHOOK_SCOPES)[number];

/** The scope an event needs: a new person is people administration, everything else is about bookings. */
export const scopeOfEvent = (event: WebhookEvent): WebhookScope => (event === 'person.provisioned' ? 'admin' : 'bookings:read');

/** What the realtime bus says, as far as webhooks care (ids only, as on the bus). */
export interface BusFact {
  topic: string;
  type: string;
  cause?: string | undefined;
}

export const BUS_TOPICS = {
  vehicleBookings: 'vehicle-bookings',
  seatBookings: 'seat-booking',
  damages: 'vehicle-damage',
  people: 'people',
};

/** The webhook event of a bus event, or null for what webhooks do not tell (map layouts, opening hours). */
export function webhookEventOf(fact: BusFact): WebhookEvent | null {
  if (fact.topic === BUS_TOPICS.damages) return fact.type === 'reported' ? 'damage.reported' : null;
  if (fact.topic === BUS_TOPICS.people) return fact.type === 'created' ? 'person.provisioned' : null;
  if (fact.topic !== BUS_TOPICS.vehicleBookings && fact.topic !== BUS_TOPICS.seatBookings) return null;
  if (fact.cause === 'trip-started') return 'trip.started';
  if (fact.cause === 'trip-ended') return 'trip.ended';
  if (fact.type === 'created') return 'booking.created';
  if (fact.type === 'cancelled') return 'booking.cancelled';
  if (fact.type === 'updated' || fact.type === 'changed') return 'booking.changed';
  return null;
}

/** Everything known of an event's subject; `shapePayload` takes out what a scope does not allow. */
export interface EventFacts {
  booking?: {
    id: string;
    kind: 'fahrzeug' | 'platz';
    status: string;
    from: string;
    to: string;
    objectId: string;
    objectName: string;
  };
  damage?: { id: string; vehicleId: string; vehicleName: string; description: string; reportedAt: string };
  /** The person the booking is for, who reported the damage, or who was provisioned. */
  person?: { id: string; name: string; email: string };
}

export interface WebhookPayload {
  id: string;
  event: WebhookEvent;
  occurredAt: string;
  tenant: string;
  data: Record<string, unknown>;
}

/**
 * The rule of personal data (decision 213): with `bookings:read` a payload names
 * people only by their id, the booked object by id and name, and times and status;
 * name and e-mail of a person and the free text of a damage report come only with
 * `admin`, which the people administration sees anyway.
 */
export function shapePayload(
  event: { id: string; event: WebhookEvent; occurredAt: Date; tenant: string },
  facts: EventFacts,
  scopes: readonly string[],
): WebhookPayload {
  const full = scopes.includes('admin');
  const data: Record<string, unknown> = {};
  if (facts.booking) data.booking = { ...facts.booking };
  if (facts.damage) {
    const { description, ...rest } = facts.damage;
    data.damage = full ? { ...rest, description } : rest;
  }
  if (facts.person) data.person = full ? { ...facts.person } : { id: facts.person.id };
  return { id: event.id, event: event.event, occurredAt: event.occurredAt.toISOString(), tenant: event.tenant, data };
}

export const SIGNATURE_HEADER = 'Buchbar-Signature';
/** A receiver should refuse signatures older than this (replayed deliveries). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Tries of one delivery, the first included; then it is given up. */
export const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 6 * 3_600_000;

/**
 * The wait before the next try after `failedAttempts` failures: 30 s, doubled
 * each time, at most 6 h, spread by up to a tenth either way (`jitter` in
 * [-1, 1]) so that many deliveries to one receiver coming back do not arrive at once.
 */
export function backoffDelayMs(failedAttempts: number, jitter = 0): number {
  const base = Math.min(BASE_DELAY_MS * 2 ** Math.max(0, failedAttempts - 1), MAX_DELAY_MS);
  return Math.round(base * (1 + Math.max(-1, Math.min(1, jitter)) / 10));
}

/** Failed tries in a row, over all of a subscription's deliveries, after which it is switched off. */
export const DISABLE_AFTER_FAILURES = 15;
export const shouldDisable = (consecutiveFailures: number) => consecutiveFailures >= DISABLE_AFTER_FAILURES;

/** A try counts as delivered on any 2xx answer; everything else (3xx included, redirects are not followed) is a failure. */
export const deliveredStatus = (status: number) => status >= 200 && status < 300;

/** How long a receiver may take to answer before the try counts as failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export type WebhookUrlProblem = 'invalid' | 'https' | 'private' | 'credentials';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const PRIVATE_V4 = /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|0\.)/;

/**
 * A receiver's address: https only. Plain http is accepted for the machine
 * itself (localhost, 127.x, ::1) outside production, for tests and local
 * development. Literal private and link-local addresses are refused, so a
 * subscription cannot point Buchbar at the network behind it.
 */
export function webhookUrlProblem(value: string, opts: { production: boolean }): WebhookUrlProblem | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid';
  }
  if (url.username || url.password) return 'credentials';
  const host = url.hostname;
  const loopback = LOOPBACK.test(host);
  if (url.protocol === 'http:') return loopback && !opts.production ? null : 'https';
  if (url.protocol !== 'https:') return 'https';
  if (loopback && opts.production) return 'private';
  if (PRIVATE_V4.test(host) || /^\[(fc|fd|fe80)/i.test(host)) return 'private';
  return null;
}

export const WEBHOOK_MESSAGES = {
  invalid: 'Bitte geben Sie die Adresse des Empfängers vollständig ein, z. B. https://empfang.beispiel.de/buchbar.',
  https: 'Webhooks werden nur an https-Adressen gesendet.',
  private: 'Webhooks werden nicht an Adressen im internen Netz gesendet.',
  credentials: 'Die Adresse darf keinen Benutzernamen und kein Passwort enthalten; der Empfänger prüft die Signatur.',
  nameMissing: 'Bitte geben Sie dem Webhook einen Namen.',
  eventsMissing: 'Bitte wählen Sie mindestens ein Ereignis.',
  eventBeyondScope: (event: WebhookEvent) => `Das Ereignis „${event}“ braucht den Geltungsbereich „${scopeOfEvent(event)}“.`,
  notFound: 'Diesen Webhook gibt es in Ihrem Mandanten nicht.',
  deliveryNotFound: 'Diese Zustellung gibt es in Ihrem Mandanten nicht.',
} as const;

/** The first event of a subscription its scopes do not cover, or null; `admin` covers every event. */
export const eventBeyondScope = (events: readonly WebhookEvent[], scopes: readonly string[]) =>
  scopes.includes('admin') ? null : (events.find((e) => !scopes.includes(scopeOfEvent(e))) ?? null);
