import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { sendError } from '../http/error-handler';
import { currentUser } from '../http/request-context';
import { signOut } from '../services/session/sign-in';

export const REDIRECT_COOKIE = 'buchbar_redirect';

/** Pages a visitor may open without signing in (SPEC §2). */
const PUBLIC_PATHS = [/^\/login\/?$/, /^\/auth\//, /^\/leseraum\/passwort\/?$/, /^\/pub\//, /^\/kiosk(\/|$)/, /^\/public\/?$/];
export const isPublicPath = (p: string) => PUBLIC_PATHS.some((r) => r.test(p));

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function unknownTenantPage(host: string) {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Buchbar – Adresse unbekannt</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:10vh auto;padding:0 1rem;color:#1a1b1e;line-height:1.5}h1{font-size:1.5rem}</style></head>
<body><h1>Diese Adresse ist bei Buchbar nicht eingerichtet</h1><p>Für <strong>${escapeHtml(host)}</strong> ist kein Mandant hinterlegt. Bitte prüfen Sie die Adresse oder wenden Sie sich an Ihre Administration.</p></body></html>`;
}

/**
 * Serves the built single-page app. Navigation rules that must hold before any
 * script runs live here: unknown hosts get a German page, `/logout` and
 * `?logout=true` sign out, and unauthenticated visitors go to /login with the
 * requested path kept in a cookie.
 */
export async function registerSpa(app: FastifyInstance, deps: Deps, webRoot: string) {
  const indexFile = path.join(webRoot, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      index: false,
      wildcard: false,
      // vite.config.ts writes a .gz beside every asset; it is sent to every browser that accepts gzip.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }
  let indexHtml: string | null = null;
  const sendIndex = (reply: FastifyReply) => {
    if (!built)
      return reply.status(503).type('text/plain; charset=utf-8').send('Die Oberfläche ist nicht gebaut: bitte "npm run build" ausführen.');
    indexHtml ??= readFileSync(indexFile, 'utf8');
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  };

  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname.startsWith('/api/') || req.method !== 'GET') {
      return sendError(reply, req, 404, 'not_found', `Nicht gefunden: ${url.pathname}`);
    }
    if (!req.tenant) return reply.status(404).type('text/html; charset=utf-8').send(unknownTenantPage(req.hostname));
    // A missing file (an asset of an older build, a favicon) is a 404, never the app page in its place.
    if (/\.[a-z0-9]{1,5}$/i.test(url.pathname)) return reply.status(404).type('text/plain; charset=utf-8').send('Nicht gefunden');

    if (url.pathname === '/logout' || url.searchParams.get('logout') === 'true') {
      for (const c of await signOut(deps, req.headers)) reply.header('set-cookie', c);
      return reply.redirect('/login');
    }
    if (isPublicPath(url.pathname)) return sendIndex(reply);
    const user = await currentUser(deps, req);
    if (!user) {
      // Only a page the person opened is worth returning to, not a background request of the browser.
      if ((req.headers.accept ?? '').includes('text/html') || !req.headers.accept)
        reply.setCookie(REDIRECT_COOKIE, url.pathname + url.search, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 600 });
      return reply.redirect('/login');
    }
    return sendIndex(reply);
  });
}
