import { describe, expect, it } from 'vitest';
import { chromiumPath } from './browser';

describe('finding Chromium for the browser journeys', () => {
  it('fails with a clear message naming what was searched and how to install it', () => {
    expect(() => chromiumPath(['/nicht/da/chromium'])).toThrow(
      'Kein Chromium gefunden (gesucht: /nicht/da/chromium). Installieren Sie Debians Paket: apt-get install -y chromium, oder setzen Sie CHROME_PATH.',
    );
  });

  it('takes the first candidate that exists', () => {
    expect(chromiumPath(['/nicht/da', process.execPath])).toBe(process.execPath);
  });
});
