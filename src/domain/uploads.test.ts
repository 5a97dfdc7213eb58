import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectFileType, validateUpload } from './uploads';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG = [0xff, 0xd8, 0xff, 0xe0];
const PDF = [...Buffer.from('%PDF-1.7')];

describe('uploads', () => {
  it('recognises png, jpg and pdf by their first bytes', () => {
    expect(detectFileType(new Uint8Array([...PNG, 1, 2]))).toBe('png');
    expect(detectFileType(new Uint8Array([...JPG, 1]))).toBe('jpg');
    expect(detectFileType(new Uint8Array(PDF))).toBe('pdf');
    expect(detectFileType(new Uint8Array([...Buffer.from('<svg onload=alert(1)>')]))).toBeNull();
  });

  it('refuses a file that only pretends to be an image, with the specified message', () => {
    expect(() => validateUpload(new Uint8Array([...Buffer.from('GIF89a....')]), { allowed: ['png', 'jpg'], maxBytes: 1000 })).toThrow(
      'Fehler beim Hochladen der Datei: Erlaubt sind nur PNG, JPG.',
    );
    expect(() => validateUpload(new Uint8Array(PDF), { allowed: ['png', 'jpg'], maxBytes: 1000 })).toThrow(
      /^Fehler beim Hochladen der Datei: /,
    );
  });

  it('refuses empty and oversized files', () => {
    expect(() => validateUpload(new Uint8Array(), { allowed: ['png'], maxBytes: 10 })).toThrow(
      'Fehler beim Hochladen der Datei: Die Datei ist leer.',
    );
    expect(() =>
      validateUpload(new Uint8Array([...PNG, ...new Array(2 * 1024 * 1024).fill(0)]), { allowed: ['png'], maxBytes: 1024 * 1024 }),
    ).toThrow('Fehler beim Hochladen der Datei: Die Datei ist größer als 1 MB.');
  });

  it('accepts exactly the files whose content is of an allowed kind', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), (bytes) => {
        const kind = detectFileType(bytes);
        if (kind === 'png' || kind === 'jpg') expect(validateUpload(bytes, { allowed: ['png', 'jpg'], maxBytes: 100 })).toBe(kind);
        else expect(() => validateUpload(bytes, { allowed: ['png', 'jpg'], maxBytes: 100 })).toThrow(/Fehler beim Hochladen der Datei/);
      }),
    );
  });
});
