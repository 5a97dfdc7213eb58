import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Buckets of docs/product.md#files: floor plans, vehicles, logos, privacy (plus damage photos, receipts, licence scans and logbook exports). */
export type Bucket = 'grundrisse' | 'fahrzeuge' | 'logos' | 'datenschutz' | 'belege' | 'fuehrerscheine' | 'exporte' | 'unterweisungen';

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * Files live under {bucket}/{tenantId}/{path} (docs/product.md#files). The local folder is
 * the default; an S3-compatible store can implement the same interface.
 */
export interface FileStorage {
  put(bucket: Bucket, tenantId: string, filePath: string, bytes: Buffer, contentType: string): Promise<void>;
  get(bucket: Bucket, tenantId: string, filePath: string): Promise<StoredFile | null>;
  remove(bucket: Bucket, tenantId: string, filePath: string): Promise<void>;
}

const SAFE_SEGMENT = /^[A-Za-z0-9._-]+$/;

export function createLocalStorage(root: string): FileStorage {
  // Paths come from our own code (ids and generated names), but never trust them to stay inside the root.
  const resolve = (bucket: Bucket, tenantId: string, filePath: string) => {
    const segments = [bucket, tenantId, ...filePath.split('/')];
    if (!segments.every((s) => SAFE_SEGMENT.test(s) && s !== '..' && s !== '.')) throw new Error(`Ungültiger Dateipfad: ${filePath}`);
    return path.join(root, ...segments);
  };
  return {
    async put(bucket, tenantId, filePath, bytes, contentType) {
      const file = resolve(bucket, tenantId, filePath);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      await writeFile(`${file}.type`, contentType);
    },
    async get(bucket, tenantId, filePath) {
      const file = resolve(bucket, tenantId, filePath);
      try {
        const [bytes, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')]);
        return { bytes, contentType };
      } catch {
        return null;
      }
    },
    async remove(bucket, tenantId, filePath) {
      const file = resolve(bucket, tenantId, filePath);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
    },
  };
}
