import { AppError, type Texts } from './errors';

export type UploadKind = 'png' | 'jpg' | 'pdf';

export const UPLOAD_CONTENT_TYPES: Record<UploadKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
};

/** The file's real type from its first bytes (magic numbers), whatever its name or declared type says. */
export function detectFileType(bytes: Uint8Array): UploadKind | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  return null;
}

/** The catalogue's 'Fehler beim Hochladen der Datei: {message}', with the reason in both languages; 413 for a file too large. */
export const uploadFailed = (reason: string, reasonEn: string, status = 400) => {
  const why: Texts = { de: reason, en: reasonEn };
  return new AppError(
    'upload_failed',
    { de: `Fehler beim Hochladen der Datei: ${why.de}`, en: `Error uploading the file: ${why.en}` },
    status,
  );
};

/**
 * Uploads are png, pdf or jpg (docs/product.md#validation). Checked by content and size; the
 * message is the catalogue's 'Fehler beim Hochladen der Datei: {message}'.
 */
export function validateUpload(bytes: Uint8Array, opts: { allowed: readonly UploadKind[]; maxBytes: number }): UploadKind {
  if (bytes.length === 0) throw uploadFailed('Die Datei ist leer.', 'The file is empty.');
  if (bytes.length > opts.maxBytes) {
    const mb = Math.floor(opts.maxBytes / (1024 * 1024));
    throw uploadFailed(`Die Datei ist größer als ${mb} MB.`, `The file is larger than ${mb} MB.`, 413);
  }
  const kind = detectFileType(bytes);
  if (!kind || !opts.allowed.includes(kind)) {
    const allowed = opts.allowed.map((k) => k.toUpperCase()).join(', ');
    throw uploadFailed(`Erlaubt sind nur ${allowed}.`, `Only ${allowed} files are allowed.`, 415);
  }
  return kind;
}
