import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guestBookingMail } from '../../areas/guests/guest-templates';
import { renderMail, secretCode, secretLink } from './render';
import { mailSealKey, openMailBody, sealMailBody } from './sealed-body';
import { signInCodeMail } from './templates';

const KEY = mailSealKey('x'.repeat(32));
const ID = '7f1c2b9e-1111-4222-8333-444455556666';

describe('a sealed mail body (decision 190)', () => {
  it('opens with the same key and mail id, and never shows its text', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (text, html) => {
        const sealed = sealMailBody(KEY, ID, { text, html });
        expect(openMailBody(KEY, ID, sealed)).toEqual({ text, html });
        if (text.length >= 4) expect(sealed).not.toContain(text);
      }),
    );
  });

  it('does not open under another APP_SECRET, for another mail, or altered', () => {
    const sealed = sealMailBody(KEY, ID, { text: 'Code 123456', html: '<p>Code 123456</p>' });
    expect(() => openMailBody(mailSealKey('y'.repeat(32)), ID, sealed)).toThrow();
    expect(() => openMailBody(KEY, '00000000-0000-4000-8000-000000000000', sealed)).toThrow();
    const flipped = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.at(-1)}`;
    expect(() => openMailBody(KEY, ID, flipped)).toThrow();
  });

  it('seals the same body differently each time (a fresh nonce)', () => {
    expect(sealMailBody(KEY, ID, { text: 'a', html: 'b' })).not.toBe(sealMailBody(KEY, ID, { text: 'a', html: 'b' }));
  });
});

describe('secrets in rendered mails', () => {
  const until = new Date('2026-12-01T12:00:00Z');

  it('give the recipient the secret and the outbox a placeholder, as text and HTML', () => {
    const url = 'https://tourismus.example/pub/fahrzeugbuchungstorno?token=abc&x=<1>';
    const mail = renderMail('Betreff', ['Hallo,', ['Code ', secretCode('424242', 'de', until), '.']], {
      url: secretLink(url, 'de', new Date('2026-12-02T12:00:00Z')),
      label: 'Stornieren',
    });
    expect(mail.text).toContain(`Stornieren: ${url}`);
    expect(mail.text).toContain('Code 424242.');
    expect(mail.html).toContain('href="https://tourismus.example/pub/fahrzeugbuchungstorno?token=abc&amp;x=&lt;1&gt;"');
    expect(mail.redacted).toEqual({
      text: 'Hallo,\n\nCode [Code entfernt].\n\nStornieren: [Link entfernt]',
      html: expect.stringContaining('<p>Code [Code entfernt].</p><p>Stornieren: [Link entfernt]</p>'),
      // kept sealed until the last of its secrets expires
      until: new Date('2026-12-02T12:00:00Z'),
    });
    expect(`${mail.redacted!.text}${mail.redacted!.html}`).not.toMatch(/424242|token=/);
  });

  it('leave a mail without secrets as it is', () => {
    expect(renderMail('Betreff', ['Hallo'], { url: 'https://x.example/karte', label: 'Karte' }).redacted).toBeUndefined();
  });

  it('keep the sign-in code out of the subject, in both languages', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), fc.constantFrom('de' as const, 'en' as const), (code, locale) => {
        const mail = signInCodeMail({ name: 'Lea Leser', tenantName: 'Bibliothek', code, minutes: 10, locale });
        expect(mail.subject).not.toMatch(/\d/);
        expect(mail.text).toContain(code);
        expect(mail.redacted!.text).not.toContain(code);
        expect(mail.redacted!.text).toContain(locale === 'en' ? '[code removed]' : '[Code entfernt]');
      }),
    );
  });

  it('keep a guest link sealed until the booking is over', () => {
    const bis = new Date('2026-12-05T14:00:00Z');
    const mail = guestBookingMail({
      guestName: 'Gisela Gast',
      vehicle: 'Stadtrad',
      plate: 'Rad 01',
      von: new Date('2026-12-05T10:00:00Z'),
      bis,
      tenantName: 'Tourist-Info',
      locale: 'en',
      url: 'https://tourismus.example/pub/fahrzeugbuchungstorno?token=T0KEN',
      needsConfirmation: false,
      contact: '',
    });
    expect(mail.redacted!.until).toEqual(bis);
    expect(mail.redacted!.text).toContain('View or cancel booking: [link removed]');
    expect(mail.text).toContain('token=T0KEN');
  });
});
