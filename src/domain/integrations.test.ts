import { ACCESS, type RouteAccess } from '@domain/route-access';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatToken, hashToken, signPayload, verifySignature } from './integration-crypto';
import {
  backoffDelayMs,
  bearerOf,
  DISABLE_AFTER_FAILURES,
  deliveredStatus,
  eventBeyondScope,
  isTokenShape,
  MAX_ATTEMPTS,
  scopeForRoute,
  shapePayload,
  shouldDisable,
  TOKEN_MAX_DAYS,
  tokenHint,
  tokenMayCall,
  tokenProblem,
  tokenUsable,
  WEBHOOK_EVENTS,
  webhookEventOf,
  webhookUrlProblem,
} from './integrations';

const bytes = fc.uint8Array({ minLength: 32, maxLength: 32 });

describe('API tokens', () => {
  it('formats 32 random bytes as bbr_ and 43 characters, and recognises only that shape', () => {
    fc.assert(
      fc.property(bytes, (b) => {
        const token = formatToken(b);
        expect(isTokenShape(token)).toBe(true);
        expect(token).toHaveLength(47);
        expect(tokenHint(token)).toBe(`${token.slice(0, 10)}…`);
      }),
    );
    expect(isTokenShape('bbr_short')).toBe(false);
    expect(() => formatToken(new Uint8Array(16))).toThrow();
  });

  it('stores a hash that differs for every token and never contains the token', () => {
    fc.assert(
      fc.property(bytes, bytes, (a, b) => {
        const ta = formatToken(a);
        const tb = formatToken(b);
        expect(hashToken(ta)).toMatch(/^[0-9a-f]{64}$/);
        expect(hashToken(ta)).not.toContain(ta.slice(4));
        if (ta !== tb) expect(hashToken(ta)).not.toBe(hashToken(tb));
      }),
    );
  });

  it('reads the bearer token of an Authorization header', () => {
    expect(bearerOf('Bearer bbr_abc')).toBe('bbr_abc');
    expect(bearerOf('bearer   bbr_abc ')).toBe('bbr_abc');
    expect(bearerOf('Basic dXNlcg==')).toBeNull();
    expect(bearerOf(undefined)).toBeNull();
  });

  it('needs bookings:read to read, bookings:write to book, admin for admin sections', () => {
    expect(scopeForRoute('GET', '/api/vehicle-bookings/mine', ACCESS.vehicles)).toBe('bookings:read');
    expect(scopeForRoute('POST', '/api/vehicle-bookings', ACCESS.vehicles)).toBe('bookings:write');
    expect(scopeForRoute('DELETE', '/api/reading-room-bookings/:id', ACCESS.places)).toBe('bookings:write');
    expect(scopeForRoute('GET', '/api/users', ACCESS.users)).toBe('admin');
    expect(scopeForRoute('PUT', '/api/opening-hours/:id', ACCESS.openingHours)).toBe('admin');
    expect(scopeForRoute('GET', '/api/health', ACCESS.public)).toBe('none');
    expect(scopeForRoute('GET', '/api/session/me', ACCESS.signedIn)).toBe('bookings:read');
  });

  it('never lets a token reach token management, sign-in security, tenant administration, the event stream or the operator', () => {
    const section: RouteAccess = { kind: 'section', section: '/admin/mandanten' };
    const all = ['bookings:read', 'bookings:write', 'admin'];
    for (const [method, url, access] of [
      ['POST', '/api/integrations/tokens', ACCESS.signedIn],
      ['GET', '/api/integrations/webhooks', section],
      ['PUT', '/api/session/password', ACCESS.signedIn],
      ['GET', '/api/admin/tenant/single-sign-on', section],
      ['GET', '/api/events', ACCESS.signedIn],
      ['GET', '/api/operator/tenants', { kind: 'operator' }],
    ] as const) {
      expect(tokenMayCall(all, method, url, access)).toEqual({ allowed: false, refusal: { code: 'token_not_allowed' } });
    }
  });

  it('allows a route exactly when the token holds the scope it needs', () => {
    const accesses = Object.values(ACCESS) as RouteAccess[];
    fc.assert(
      fc.property(
        fc.subarray(['bookings:read', 'bookings:write', 'admin']),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        fc.constantFrom(...accesses),
        (scopes, method, access) => {
          const need = scopeForRoute(method, '/api/x', access);
          const result = tokenMayCall(scopes, method, '/api/x', access);
          expect(result.allowed).toBe(need === 'none' || (need !== 'never' && scopes.includes(need)));
        },
      ),
    );
  });

  it('checks name, scopes and an end within a year', () => {
    const now = new Date('2026-12-02T10:00:00Z');
    const ok = { name: 'Export', scopes: ['bookings:read'], expiresAt: new Date('2027-01-01T00:00:00Z') };
    expect(tokenProblem(ok, now)).toBeNull();
    expect(tokenProblem({ ...ok, name: '  ' }, now)).toBe('nameMissing');
    expect(tokenProblem({ ...ok, scopes: [] }, now)).toBe('scopesMissing');
    expect(tokenProblem({ ...ok, expiresAt: now }, now)).toBe('expiryPast');
    expect(tokenProblem({ ...ok, expiresAt: new Date(now.getTime() + (TOKEN_MAX_DAYS + 1) * 86_400_000) }, now)).toBe('expiryTooFar');
  });

  it('counts a token while neither revoked nor expired', () => {
    const now = new Date('2026-12-02T10:00:00Z');
    expect(tokenUsable({ revokedAt: null, expiresAt: new Date('2026-12-03T00:00:00Z') }, now)).toBe(true);
    expect(tokenUsable({ revokedAt: now, expiresAt: new Date('2026-12-03T00:00:00Z') }, now)).toBe(false);
    expect(tokenUsable({ revokedAt: null, expiresAt: now }, now)).toBe(false);
  });
});

describe('webhooks', () => {
  it('signs body and time so that only the same secret, body and time verify', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 16 }), fc.string(), fc.integer({ min: 1_700_000_000, max: 2_000_000_000 }), (secret, body, t) => {
        const header = signPayload(secret, body, t);
        expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(verifySignature(secret, body, header, t + 10)).toBe(true);
        expect(verifySignature(`${secret}x`, body, header, t)).toBe(false);
        expect(verifySignature(secret, `${body} `, header, t)).toBe(false);
        expect(verifySignature(secret, body, header, t + 301)).toBe(false);
      }),
    );
    expect(verifySignature('s', 'b', 'garbage', 0)).toBe(false);
  });

  it('waits 30 s, then doubles, never more than 6 h, and spreads by at most a tenth', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffDelayMs(40)).toBe(6 * 3_600_000);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.double({ min: -1, max: 1, noNaN: true }), (n, jitter) => {
        const plain = backoffDelayMs(n);
        const spread = backoffDelayMs(n, jitter);
        expect(Math.abs(spread - plain)).toBeLessThanOrEqual(plain / 10 + 1);
        expect(backoffDelayMs(n + 1)).toBeGreaterThanOrEqual(plain);
      }),
    );
  });

  it('gives up a delivery after its tries and switches a subscription off after repeated failures', () => {
    expect(MAX_ATTEMPTS).toBe(8);
    expect(shouldDisable(DISABLE_AFTER_FAILURES - 1)).toBe(false);
    expect(shouldDisable(DISABLE_AFTER_FAILURES)).toBe(true);
    expect([200, 204, 299].every(deliveredStatus)).toBe(true);
    expect([199, 301, 404, 500].some(deliveredStatus)).toBe(false);
  });

  it('maps the bus events to webhook events and ignores the rest', () => {
    expect(webhookEventOf({ topic: 'vehicle-bookings', type: 'created' })).toBe('booking.created');
    expect(webhookEventOf({ topic: 'seat-booking', type: 'changed' })).toBe('booking.changed');
    expect(webhookEventOf({ topic: 'seat-booking', type: 'cancelled' })).toBe('booking.cancelled');
    expect(webhookEventOf({ topic: 'vehicle-bookings', type: 'updated', cause: 'trip-started' })).toBe('trip.started');
    expect(webhookEventOf({ topic: 'vehicle-bookings', type: 'updated', cause: 'trip-ended' })).toBe('trip.ended');
    expect(webhookEventOf({ topic: 'vehicle-damage', type: 'reported' })).toBe('damage.reported');
    expect(webhookEventOf({ topic: 'people', type: 'created' })).toBe('person.provisioned');
    expect(webhookEventOf({ topic: 'opening-hours', type: 'changed' })).toBeNull();
    expect(webhookEventOf({ topic: 'seat-booking', type: 'deleted' })).toBeNull();
  });

  it('carries name, e-mail and free text only with the admin scope', () => {
    const facts = {
      booking: { id: 'b', kind: 'fahrzeug' as const, status: 'reserviert', from: 'x', to: 'y', objectId: 'v', objectName: 'Golf' },
      damage: { id: 'd', vehicleId: 'v', vehicleName: 'Golf', description: 'Kratzer, Frau Beispiel sagt …', reportedAt: 'z' },
      person: { id: 'p', name: 'Erika Beispiel', email: 'erika@beispiel.de' },
    };
    fc.assert(
      fc.property(fc.constantFrom(...WEBHOOK_EVENTS), fc.subarray(['bookings:read', 'admin']), (event, scopes) => {
        const payload = shapePayload({ id: 'e', event, occurredAt: new Date(0), tenant: 't' }, facts, scopes);
        const text = JSON.stringify(payload);
        const full = scopes.includes('admin');
        expect(text.includes('Erika')).toBe(full);
        expect(text.includes('erika@beispiel.de')).toBe(full);
        expect(text.includes('Kratzer')).toBe(full);
        expect(text).toContain('"id":"p"');
      }),
    );
  });

  it('needs admin for people events, bookings:read for the rest', () => {
    expect(eventBeyondScope(['booking.created', 'trip.ended'], ['bookings:read'])).toBeNull();
    expect(eventBeyondScope(['booking.created', 'person.provisioned'], ['bookings:read'])).toBe('person.provisioned');
    expect(eventBeyondScope([...WEBHOOK_EVENTS], ['admin'])).toBeNull();
  });

  it('accepts https receivers, plain http only on this machine outside production, and no internal networks', () => {
    const dev = { production: false };
    const prod = { production: true };
    expect(webhookUrlProblem('https://empfang.beispiel.de/hook', prod)).toBeNull();
    expect(webhookUrlProblem('http://empfang.beispiel.de/hook', dev)).toBe('https');
    expect(webhookUrlProblem('http://127.0.0.1:8080/hook', dev)).toBeNull();
    expect(webhookUrlProblem('http://localhost:8080/hook', prod)).toBe('https');
    expect(webhookUrlProblem('https://127.0.0.1/hook', prod)).toBe('private');
    expect(webhookUrlProblem('https://10.1.2.3/hook', dev)).toBe('private');
    expect(webhookUrlProblem('https://192.168.0.1/hook', dev)).toBe('private');
    expect(webhookUrlProblem('https://169.254.169.254/latest', dev)).toBe('private');
    expect(webhookUrlProblem('https://user:pw@empfang.beispiel.de', dev)).toBe('credentials');
    expect(webhookUrlProblem('ftp://empfang.beispiel.de', dev)).toBe('https');
    expect(webhookUrlProblem('kein url', dev)).toBe('invalid');
  });
});
