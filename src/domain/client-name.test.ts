import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientName } from './client-name';

const UA = {
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromiumLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  firefoxIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
};

describe('clientName', () => {
  it('names the browser and its system', () => {
    expect(clientName(UA.firefoxWindows)).toEqual({ program: 'Firefox', system: 'Windows' });
    expect(clientName(UA.chromeAndroid)).toEqual({ program: 'Chrome', system: 'Android' });
    expect(clientName(UA.safariIphone)).toEqual({ program: 'Safari', system: 'iOS' });
    expect(clientName(UA.edgeWindows)).toEqual({ program: 'Edge', system: 'Windows' });
    expect(clientName(UA.chromeMac)).toEqual({ program: 'Chrome', system: 'macOS' });
    expect(clientName(UA.chromiumLinux)).toEqual({ program: 'Chrome', system: 'Linux' });
    expect(clientName(UA.firefoxIos)).toEqual({ program: 'Firefox', system: 'iOS' });
  });

  it('names programs that call the API', () => {
    expect(clientName('curl/8.5.0')).toEqual({ program: 'curl', system: null });
    expect(clientName('Wget/1.21.4')).toEqual({ program: 'Wget', system: null });
    expect(clientName('PostmanRuntime/7.42.0')).toEqual({ program: 'Postman', system: null });
    expect(clientName('python-requests/2.32.3')).toEqual({ program: 'Python (requests)', system: null });
    expect(clientName('node')).toEqual({ program: 'Node.js', system: null });
  });

  it('shows the product token of an unknown program rather than nothing', () => {
    expect(clientName('Kalenderabgleich/3.1 (Windows)')).toEqual({ program: 'Kalenderabgleich', system: 'Windows' });
    expect(clientName('MeinSkript')).toEqual({ program: 'MeinSkript', system: null });
  });

  it('answers null when there is nothing to name', () => {
    expect(clientName(null)).toBeNull();
    expect(clientName('')).toBeNull();
    expect(clientName('   ')).toBeNull();
    expect(clientName('Mozilla/5.0')).toBeNull();
    expect(clientName('(((')).toBeNull();
  });

  it('answers short names for any header', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (ua) => {
        const name = clientName(ua);
        if (name === null) return;
        expect(name.program !== null || name.system !== null).toBe(true);
        expect((name.program ?? '').length).toBeLessThanOrEqual(40);
      }),
    );
  });
});
