import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { StartData } from '@contracts/start-data';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where `vite build` writes the server's side of the app (src/web/entry-server.tsx), beside the browser's. */
export const serverEntryOf = (webRoot: string) => path.join(path.dirname(webRoot), 'web-ssr', 'entry-server.js');

/** What src/web/entry-server.tsx exports; typed here, because the server imports the built file, not the source. */
interface ServerEntry {
  render(input: {
    href: string;
    startData: StartData;
    language: 'de' | 'en';
    timeoutMs: number;
  }): Promise<{ kind: 'page'; html: string; startData: StartData } | { kind: 'none' }>;
}

export type RenderedPage = { html: string; startData: StartData; language: 'de' | 'en' };

/**
 * How long the route's queries may take, and then the render: a page that takes longer goes out without
 * server HTML, and the browser renders it as before.
 */
const RENDER_TIMEOUT_MS = 5000;

/**
 * The API calls of one render, answered by this app itself with the
 * request's cookie and host, without a network round trip. The web code calls
 * `fetch('/api/…')` as in the browser; the store says whose request a call
 * belongs to, so concurrent renders never answer each other's calls.
 */
const renderRequest = new AsyncLocalStorage<(path: string, init?: RequestInit) => Promise<Response>>();
let fetchRouted = false;
function routeRelativeFetch() {
  if (fetchRouted) return;
  fetchRouted = true;
  const original = globalThis.fetch;
  globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const own = renderRequest.getStore();
    if (own && typeof input === 'string' && input.startsWith('/')) return own(input, init);
    return original(input, init);
  }) as typeof fetch;
}

const NO_BODY = new Set([101, 204, 205, 304]);

function injectedFetch(app: FastifyInstance, req: FastifyRequest) {
  const forwarded: Record<string, string> = {};
  for (const name of ['cookie', 'host', 'user-agent', 'accept-language'] as const) {
    const value = req.headers[name];
    if (typeof value === 'string') forwarded[name] = value;
  }
  return async (url: string, init?: RequestInit): Promise<Response> => {
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers: { ...forwarded, accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) },
      remoteAddress: req.ip,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined || name === 'set-cookie') continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(NO_BODY.has(res.statusCode) ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

/**
 * The server's renderer of the app page (decision 207), or null when the
 * build has none (a web root without it, as in some tests): the page then goes
 * out as before and the browser renders it.
 */
export function serverRenderer(app: FastifyInstance, webRoot: string) {
  const file = serverEntryOf(webRoot);
  if (!existsSync(file)) return null;
  let entry: Promise<ServerEntry> | undefined;
  return async (req: FastifyRequest, url: URL, startData: StartData, language: 'de' | 'en'): Promise<RenderedPage | null> => {
    entry ??= import(pathToFileURL(file).href).then((loaded: ServerEntry) => {
      // The screens' code that a render loads on demand (React.lazy), loaded once in the background now:
      // otherwise the first render to need a piece waits for it and its packages.
      for (const chunk of readdirSync(path.join(path.dirname(file), 'assets')).filter((f) => f.endsWith('.js')))
        void import(pathToFileURL(path.join(path.dirname(file), 'assets', chunk)).href).catch(() => undefined);
      return loaded;
    });
    routeRelativeFetch();
    const { render } = await entry;
    const result = await renderRequest.run(injectedFetch(app, req), () =>
      render({ href: url.pathname + url.search, startData, language, timeoutMs: RENDER_TIMEOUT_MS }),
    );
    return result.kind === 'page' ? { html: result.html, startData: result.startData, language } : null;
  };
}

/** The language of the page: the person's, else the visitor's choice kept in the cookie `buchbar_language` (web/lib/i18n.ts). */
export function pageLanguage(req: FastifyRequest, locale: string | undefined): 'de' | 'en' {
  if (locale) return locale === 'en-us' ? 'en' : 'de';
  return req.cookies?.buchbar_language === 'en' ? 'en' : 'de';
}

const SPLASH = /<div id="root"><!--splash-->[\s\S]*?<!--\/splash--><\/div>/;

/** The app page with the server's HTML in place of the splash and the language it was rendered in. */
export function withServerHtml(page: string, rendered: RenderedPage): string {
  return page
    .replace(/<html lang="[a-z]+"/, `<html lang="${rendered.language}"`)
    .replace(SPLASH, () => `<div id="root" data-server-rendered>${rendered.html}</div>`);
}
