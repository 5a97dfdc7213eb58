import type { FastifyInstance } from 'fastify';

/**
 * The request header that carries the client's address to better-auth, which
 * stores it with a new session (the sessions list shows it). Set from
 * Fastify's `req.ip` – the proxy-correct address under TRUST_PROXY – and
 * overwritten on every request, so a value the client sent never counts.
 * better-auth reads only this header (areas/session/better-auth.ts), never
 * X-Forwarded-For, which a client can fill with anything.
 */
export const CLIENT_ADDRESS_HEADER = 'x-buchbar-client-address';

export function registerClientAddress(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    // Every service hands req.headers on to better-auth; setting it here reaches all of them.
    req.raw.headers[CLIENT_ADDRESS_HEADER] = req.ip;
  });
}
