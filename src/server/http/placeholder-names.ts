import { placeholderNamesInEnglish } from '@domain/retention';
import type { FastifyInstance } from 'fastify';

/**
 * "Gelöschte Person", "Anonymisierte Person" and "Anonymisierter Gast" are
 * stored German (decision 150) and reach the screens through every query that
 * reads names. For a signed-in en-us reader the JSON answer carries them in
 * English instead (decision 169), in one place rather than in each of those
 * queries. Runs before the route's compression hook; an entity tag computed
 * over the German text no longer describes the answer, so it is dropped.
 */
export function registerPlaceholderNames(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.locale !== 'en-us' || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    const english = placeholderNamesInEnglish(payload);
    if (english === payload) return payload;
    reply.removeHeader('etag');
    return english;
  });
}
