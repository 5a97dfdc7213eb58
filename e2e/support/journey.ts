import { mkdirSync } from 'node:fs';
import { DEMO_PASSWORD } from '@db/seed/demo-data';
import { startSmtpServer } from '@test/support/smtp';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser';
import { type RunningApp, startServer } from './server';

export const SHOTS = 'screenshots';

export interface JourneyEnv {
  browser: Browser;
  server: RunningApp;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
}

/**
 * One real SMTP server, one app with the built UI and one Chromium per spec
 * file, started before its journeys and stopped after them. The returned
 * object is filled in beforeAll.
 */
export function setUpJourneys(): JourneyEnv {
  const env = {} as JourneyEnv;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    env.smtp = await startSmtpServer();
    env.server = await startServer({ smtpUrl: env.smtp.url });
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
    await env.smtp?.close();
  });
  return env;
}

/** Fills the login form on the current page with a demo account and submits it. */
export async function fillLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

type Tenant = Parameters<RunningApp['url']>[0];
type Cookie = Exclude<BrowserContextOptions['storageState'], string | undefined>['cookies'][number];

/**
 * A browser state signed in as a demo account, made through the API (`POST /api/session/login`) instead of the
 * login form: for journeys whose point is a screen behind the sign-in, not the sign-in itself. The form costs a
 * page load, its scripts and the start page on every use; the cookies are the same ones the form leaves behind,
 * with the attributes the server set. Pass it as `newPage(…, { signedIn })`.
 */
export async function signedInState(
  server: RunningApp,
  tenant: Tenant,
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ cookies: Cookie[]; origins: [] }> {
  const domain = `${tenant}.localhost`;
  const res = await server.call(domain, { method: 'POST', url: '/api/session/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`Anmeldung von ${email} fehlgeschlagen: ${res.statusCode} ${res.body}`);
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((header): Cookie => {
    const [pair, ...attributes] = header.split(';').map((part) => part.trim());
    const at = pair!.indexOf('=');
    const attribute = (name: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1) ??
      (attributes.some((a) => a.toLowerCase() === name) ? '' : undefined);
    const maxAge = attribute('max-age');
    const expires = attribute('expires');
    const sameSite = (attribute('samesite') ?? 'lax').toLowerCase();
    return {
      name: pair!.slice(0, at),
      value: pair!.slice(at + 1),
      domain,
      path: attribute('path') || '/',
      expires: maxAge ? Math.floor(Date.now() / 1000) + Number(maxAge) : expires ? Math.floor(new Date(expires).getTime() / 1000) : -1,
      httpOnly: attribute('httponly') !== undefined,
      secure: attribute('secure') !== undefined,
      sameSite: sameSite === 'strict' ? 'Strict' : sameSite === 'none' ? 'None' : 'Lax',
    };
  });
  if (!cookies.some((c) => c.name.startsWith('buchbar.'))) throw new Error(`Anmeldung von ${email}: keine Sitzung erhalten`);
  return { cookies, origins: [] };
}

/** Switches the signed-in person of the page to English (their own language setting), as a person would in the menu. */
export async function switchToEnglish(page: Page): Promise<void> {
  const status = await page.evaluate(async () => {
    const res = await fetch('/api/session/locale', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ locale: 'en-us' }),
    });
    return res.status;
  });
  expect(status).toBe(200);
}
