import { mkdirSync } from 'node:fs';
import { DEMO_PASSWORD } from '@db/seed/demo-data';
import { startSmtpServer } from '@test/support/smtp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
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
