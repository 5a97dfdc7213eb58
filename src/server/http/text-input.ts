import type { FastifyInstance } from 'fastify';
import { kernelErrors } from '../kernel/errors';
import { fieldLabel } from './field-labels';

/**
 * Characters no text of Buchbar may carry: the null character, which
 * PostgreSQL cannot store in text or JSON, and a UTF-16 surrogate without its
 * partner, which is no character at all (JSON allows `\ud800`; PostgreSQL's
 * jsonb refuses it). A lone surrogate is a high one not followed by a low one,
 * or a low one not preceded by a high one.
 */
// Without the `u` flag the pattern sees the halves of a pair one by one, which is what it must inspect.
const UNSTORABLE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnstorableText(value: string): boolean {
  return value.includes('\u0000') || UNSTORABLE.test(value);
}

/** The path of the first string (value or property name) in `value` that holds such a character, or null. */
export function findUnstorableText(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | null {
  if (typeof value === 'string') return hasUnstorableText(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value)) {
    if (hasUnstorableText(key)) return [...path, key];
    const found = findUnstorableText(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * One hook for every route (decision 191): before any schema or handler sees
 * the request, the path parameters, the query and a parsed body are searched
 * for such characters, and the request is refused with a 400 that names the
 * field. Routes without a body schema and hand-parsed bodies are covered too,
 * because the hook looks at what Fastify parsed, not at a schema. Multipart
 * uploads are read as files (bytes), not as text fields.
 */
export function registerTextInputCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    for (const [context, value] of [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ] as const) {
      const path = findUnstorableText(value);
      if (!path) continue;
      throw kernelErrors.fail('text_invalid', { field: { de: fieldLabel(path, context, false), en: fieldLabel(path, context, true) } });
    }
  });
}
