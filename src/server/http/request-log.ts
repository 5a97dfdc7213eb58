import type { FastifyRequest } from 'fastify';

/**
 * Search parameters that carry a secret in a page's or callback's address: the guest's
 * cancellation link and the kiosk link (`token`), a rental request's confirmation (`anfrage`),
 * a provider's sign-in answer (`code`, `state`). Whoever reads the log must not be able to use them.
 */
const SECRET_PARAMETERS = new Set(['token', 'anfrage', 'code', 'state']);

/** Addresses whose path holds a secret: the kiosk's board and its live events (`/api/kiosk/:token`). */
const SECRET_PATH = /^(\/api\/kiosk\/)[^/?]+/;

/** The address as it is logged: secrets in its path and the values of secret parameters replaced, everything else as asked. */
export function loggedUrl(address: string): string {
  const url = address.replace(SECRET_PATH, '$1[redacted]');
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as it came
      }
      return SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}

/**
 * What a request's log line says about it: Fastify's own fields, with the address as
 * `loggedUrl` gives it: secrets never stand in a log in clear (decision 222).
 */
export function requestLogFields(req: FastifyRequest) {
  return {
    method: req.method,
    url: loggedUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}
