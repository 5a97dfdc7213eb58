import type { FastifyInstance } from 'fastify';

/**
 * The screens whose first load has budgets (Lighthouse, first-screen
 * JavaScript): sign-in, the booking screens of every area, the kiosk and the
 * public guest page, each as the demo account that uses it. One list for both
 * benchmarks.
 */
export interface WebScreen {
  key: string;
  label: string;
  url: string;
  signIn?: { host: string; email: string };
}

export const DEMO_PASSWORD = 'Buchbar!2026';

/** The session cookie of a demo user, from the real login endpoint. */
export async function sessionCookie(app: FastifyInstance, port: number, host: string, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/session/login',
    headers: { host: `${host}:${port}` },
    payload: { email, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`Anmeldung von ${email} fehlgeschlagen: ${res.statusCode} ${res.body}`);
  return ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.startsWith('buchbar.'))
    .join('; ');
}

/** A kiosk link of the library's first reading-room plan, made through the admin API. */
async function kioskPath(app: FastifyInstance, port: number): Promise<string> {
  const host = 'bibliothek.localhost';
  const cookie = await sessionCookie(app, port, host, 'admin@bibliothek.test');
  const headers = { host: `${host}:${port}`, cookie };
  const bootstrap = await app.inject({ method: 'GET', url: '/api/reading-rooms/bootstrap?area=leseraum', headers });
  const planId: string = bootstrap.json().floorPlans[0].id;
  const link = await app.inject({
    method: 'POST',
    url: '/api/admin/kiosk-links',
    headers,
    payload: { floorPlanId: planId, name: 'Messung' },
  });
  if (link.statusCode !== 200) throw new Error(`Kiosk-Link: ${link.statusCode} ${link.body}`);
  return `/kiosk?token=${link.json().token}`;
}

/**
 * The screens on the app's port, or on `front` (the address the browser uses,
 * e.g. nginx with TLS in front of the app).
 */
export async function webScreens(
  app: FastifyInstance,
  port: number,
  only?: string[],
  front: { scheme: 'http' | 'https'; port: number } = { scheme: 'http', port },
): Promise<WebScreen[]> {
  const at = (host: string, p: string) => `${front.scheme}://${host}:${front.port}${p}`;
  const sw = (p: string) => at('stadtwerke.localhost', p);
  const bib = (p: string) => at('bibliothek.localhost', p);
  const all: WebScreen[] = [
    { key: 'login', label: 'Anmeldung', url: sw('/login') },
    {
      key: 'fahrzeuge',
      label: 'Fahrzeuge',
      url: sw('/fahrzeuge'),
      signIn: { host: 'stadtwerke.localhost', email: 'mitarbeiter@stadtwerke.test' },
    },
    {
      key: 'uebersicht',
      label: 'Fahrzeug-Übersicht',
      url: sw('/fahrzeuge/uebersicht'),
      signIn: { host: 'stadtwerke.localhost', email: 'mitarbeiter@stadtwerke.test' },
    },
    {
      key: 'leseraum',
      label: 'Leseraum-Karte',
      url: bib('/leseraum/karte'),
      signIn: { host: 'bibliothek.localhost', email: 'leser@bibliothek.test' },
    },
    {
      key: 'arbeitswelt',
      label: 'Arbeitswelt-Karte',
      url: sw('/arbeitswelt/karte'),
      signIn: { host: 'stadtwerke.localhost', email: 'mitarbeiter@stadtwerke.test' },
    },
    { key: 'kiosk', label: 'Kiosk', url: bib(await kioskPath(app, port)) },
    { key: 'public', label: 'Gästeseite', url: at('tourismus.localhost', '/public') },
  ];
  return all.filter((s) => !only || only.includes(s.key));
}
