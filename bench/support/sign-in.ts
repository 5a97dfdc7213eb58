import { DEMO_PASSWORD } from '@db/seed/demo-data';
import type { FastifyInstance } from 'fastify';

/** Signs a demo account in on the in-process app and returns its session cookie header; a refusal stops the benchmark. */
export async function signInCookie(app: FastifyInstance, host: string, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/session/login',
    headers: { host },
    payload: { email, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`Anmeldung ${email}: ${res.statusCode} ${res.body}`);
  return ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
}
