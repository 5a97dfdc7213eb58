import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loggedUrl } from './request-log';

describe('loggedUrl', () => {
  it('replaces the values of secret parameters and keeps the rest', () => {
    expect(loggedUrl('/pub/fahrzeugbuchungstorno?token=abcDEF_-123')).toBe('/pub/fahrzeugbuchungstorno?token=[redacted]');
    expect(loggedUrl('/kiosk?token=x&lang=en')).toBe('/kiosk?token=[redacted]&lang=en');
    expect(loggedUrl('/public?anfrage=geheim')).toBe('/public?anfrage=[redacted]');
    expect(loggedUrl('/api/auth/callback/x?code=c&state=s')).toBe('/api/auth/callback/x?code=[redacted]&state=[redacted]');
    expect(loggedUrl('/fahrzeuge?tag=2026-12-02')).toBe('/fahrzeuge?tag=2026-12-02');
    expect(loggedUrl('/fahrzeuge')).toBe('/fahrzeuge');
    expect(loggedUrl('/api/kiosk/abc123/events')).toBe('/api/kiosk/[redacted]/events');
  });

  it('never lets a token value through, whatever surrounds it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), fc.stringMatching(/^[a-z]{0,5}=[a-z0-9]{0,5}$/), (token, other) => {
        const logged = loggedUrl(`/pub/fahrzeugbuchungstorno?${other}&token=${token}&${other}`);
        expect(logged).not.toContain(token);
      }),
    );
  });
});
