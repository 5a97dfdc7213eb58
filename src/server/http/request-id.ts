import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A reverse proxy's X-Request-Id is kept when it looks like an id, so one id follows a request through nginx and Buchbar. */
const VALID = /^[A-Za-z0-9._-]{8,64}$/;

export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && VALID.test(given) ? given : randomUUID();
}
