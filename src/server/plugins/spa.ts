import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { meOf } from '../areas/session/me';
import { startSamlLogout } from '../areas/session/saml-sign-on';
import { signOut } from '../areas/session/sign-in';
import { tenantInfoOf } from '../areas/tenant/tenant-info';
import type { Deps } from '../deps';
import { compressedPage } from '../http/compressed-page';
import { sendError } from '../http/error-handler';
import { firstScreenOf } from '../http/first-screen';
import { currentUser, requestOrigin, requireTenant } from '../http/request-context';
import { loadRoutePreloads, routeKey, withImagePreload, withRoutePreloads } from '../http/route-preloads';
import { withStartData } from '../http/start-data';
import type { UserContext } from '../kernel/context';
import { kernelErrors } from '../kernel/errors';

export const REDIRECT_COOKIE = 'buchbar_redirect';

/** Pages a visitor may open without signing in (docs/product.md#navigation). */
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
  const preloads = built ? loadRoutePreloads(webRoot) : {};
  // one page per address of the table, and the plain page for all others
  const pages = new Map<string, string>();
  const pageFor = (pathname: string) => {
    indexHtml ??= readFileSync(indexFile, 'utf8');
    const key = routeKey(pathname);
    if (!Object.hasOwn(preloads, key)) return indexHtml;
    let page = pages.get(key);
    if (page === undefined) {
      page = withRoutePreloads(indexHtml, preloads, key);
      pages.set(key, page);
    }
    return page;
  };
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply, url: URL, user?: UserContext) => {
    if (!built)
      return reply.status(503).type('text/plain; charset=utf-8').send('Die Oberfläche ist nicht gebaut: bitte "npm run build" ausführen.');
    let page = pageFor(url.pathname);
    try {
      const tenant = await tenantInfoOf(deps, requireTenant(req));
      const me = user ? await meOf(deps, user) : undefined;
      const first = await firstScreenOf(deps, req, url, user && me ? { user, me } : undefined);
      if (first.image) page = withImagePreload(page, first.image);
      page = withStartData(page, { tenant, ...(me ? { me } : {}), ...first.data });
    } catch (err) {
      // The app still starts and asks for the same data, and shows the server's fault as it would anyway.
      req.log.warn({ err }, 'app page without start data');
    }
    const { body, encoding } = compressedPage(page, req.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    // the page carries the person's data: never kept by a shared cache
    return reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8').send(body);
  };

  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname.startsWith('/api/') || req.method !== 'GET') {
      return sendError(reply, req, kernelErrors.fail('no_route', { path: url.pathname }));
    }
    if (!req.tenant) return reply.status(404).type('text/html; charset=utf-8').send(unknownTenantPage(req.hostname));
    // A missing file (an asset of an older build, a favicon) is a 404, never the app page in its place.
    if (/\.[a-z0-9]{1,5}$/i.test(url.pathname)) return reply.status(404).type('text/plain; charset=utf-8').send('Nicht gefunden');

    if (url.pathname === '/logout' || url.searchParams.get('logout') === 'true') {
      // After a SAML sign-in the IdP signs the person out too (single logout) and sends them back to /login.
      const saml = await startSamlLogout(deps, req.tenant, requestOrigin(req), req.headers);
      for (const c of [...(saml?.cookies ?? []), ...(await signOut(deps, req.headers))]) reply.header('set-cookie', c);
      return reply.redirect(saml?.location ?? '/login');
    }
    if (isPublicPath(url.pathname)) return sendIndex(req, reply, url);
    const user = await currentUser(deps, req);
    if (!user) {
      // Only a page the person opened is worth returning to, not a background request of the browser.
      if ((req.headers.accept ?? '').includes('text/html') || !req.headers.accept)
        reply.setCookie(REDIRECT_COOKIE, url.pathname + url.search, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 600 });
      return reply.redirect('/login');
    }
    return sendIndex(req, reply, url, user);
  });
}
