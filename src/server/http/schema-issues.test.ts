import { INVALID_DATE, INVALID_TIME } from '@contracts/calendar';
import { describe, expect, it } from 'vitest';
import { describeIssue } from './schema-issues';

describe('schema issues as sentences', () => {
  it('words schema issues as sentences with the field’s label, in German or English, never with a path or zod’s words', () => {
    const time = { keyword: 'custom', instancePath: '/von', message: INVALID_TIME };
    expect(describeIssue(time, 'body', 'en-us')).toBe('Please enter a valid time for "From" (HH:MM, 00:00–23:59).');
    expect(describeIssue(time, 'body', 'de-de')).toBe('Bitte geben Sie eine gültige Uhrzeit für „Von“ an (HH:MM, 00:00–23:59).');
    const start = { keyword: 'custom', instancePath: '/rule/startDate', message: INVALID_DATE };
    expect(describeIssue(start, 'body', 'de-de')).toBe('Bitte geben Sie ein gültiges Datum für „Beginn“ an (TT.MM.JJJJ).');
    expect(describeIssue(start, 'body', 'en-us')).toBe('Please enter a valid date for "Start" (DD.MM.YYYY).');
    const cls = { keyword: 'invalid_value', instancePath: '/classes/1', message: 'Invalid option', params: { values: ['A', 'B'] } };
    expect(describeIssue(cls, 'body', 'de-de', { classes: ['B', 'Z'] })).toBe(
      '„Z“ ist für „Führerscheinklassen“ nicht vorgesehen. Möglich sind: A, B.',
    );
    expect(describeIssue(cls, 'body', 'en-us', { classes: ['B', 'Z'] })).toBe(
      '"Z" is not a valid choice for "Driving licence classes". Allowed: A, B.',
    );
    const missing = {
      keyword: 'invalid_type',
      instancePath: '/method',
      message: 'Invalid input: expected string, received undefined',
      params: { expected: 'string' },
    };
    expect(describeIssue(missing, 'body', 'de-de', {})).toBe('Bitte geben Sie „Prüfart“ an.');
    expect(
      describeIssue({ keyword: 'invalid_type', instancePath: '/fooBarId', params: { expected: 'number' } }, 'body', 'en-us', {
        fooBarId: 'x',
      }),
    ).toBe('Please enter a number for "foo bar".');
  });
});
