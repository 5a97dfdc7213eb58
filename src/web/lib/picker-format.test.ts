import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import 'dayjs/locale/de';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { formatPickerValue } from './picker-format';

dayjs.extend(customParseFormat);

describe('formatPickerValue', () => {
  it('writes the formats of the date inputs', () => {
    expect(formatPickerValue('2026-11-22', 'dd, DD.MM.YYYY', 'de')).toBe('So, 22.11.2026');
    expect(formatPickerValue('2026-11-23', 'dd, DD.MM.YYYY', 'en')).toBe('Mo, 23.11.2026');
    expect(formatPickerValue('2026-11-24 07:30:00', 'DD.MM.YYYY HH:mm', 'de')).toBe('24.11.2026 07:30');
  });

  it('shows nothing without a value', () => {
    expect(formatPickerValue(null, 'DD.MM.YYYY', 'de')).toBe('');
    expect(formatPickerValue('', 'DD.MM.YYYY', 'de')).toBe('');
    expect(formatPickerValue('morgen', 'DD.MM.YYYY', 'de')).toBe('');
  });

  it('shows exactly what Mantine (dayjs) shows', () => {
    const days = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(
        days,
        fc.constantFrom('de', 'en'),
        fc.constantFrom('dd, DD.MM.YYYY', 'DD.MM.YYYY HH:mm', 'DD.MM.YYYY'),
        (d, language, format) => {
          const value = d.toISOString().slice(0, 19).replace('T', ' ');
          expect(formatPickerValue(value, format, language)).toBe(dayjs(value, 'YYYY-MM-DD HH:mm:ss').locale(language).format(format));
        },
      ),
    );
  });
});
