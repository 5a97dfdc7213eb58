import { existsSync } from 'node:fs';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

/** Where Debian puts Chromium; CHROME_PATH comes first. Never a downloaded browser. */
export const chromiumCandidates = () =>
  [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];

export function chromiumPath(candidates: string[] = chromiumCandidates()): string {
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      `Kein Chromium gefunden (gesucht: ${candidates.join(', ')}). Installieren Sie Debians Paket: apt-get install -y chromium, oder setzen Sie CHROME_PATH.`,
    );
  }
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * A fresh context per journey: cookies never leak between tests. The service worker would download the
 * whole build again in the background of every journey; only the offline journeys switch it on.
 * `signedIn` starts the context with the cookies and local storage a sign-in left behind
 * (`page.context().storageState()`), for journeys that visit many screens as the same person.
 */
export async function newPage(
  browser: Browser,
  opts: {
    width?: number;
    height?: number;
    locale?: string;
    serviceWorker?: boolean;
    signedIn?: BrowserContextOptions['storageState'];
  } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    locale: opts.locale ?? 'de-DE',
    timezoneId: 'Europe/Berlin',
    serviceWorkers: opts.serviceWorker ? 'allow' : 'block',
    ...(opts.signedIn ? { storageState: opts.signedIn } : {}),
  });
  const page = await context.newPage();
  // A click on the server's HTML before React has taken it over reaches no handler: every full page load waits for it.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const waitForURL = page.waitForURL.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await untilHydrated(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilHydrated(page);
    return response;
  };
  page.waitForURL = async (...args) => {
    await waitForURL(...args);
    await untilHydrated(page);
  };
  return page;
}

/** Until React has hydrated a server-rendered page (decision 222), or rendered it; pages without the app pass at once. */
export async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      return !root || !root.hasAttribute('data-server-rendered') || Object.keys(root).some((k) => k.startsWith('__reactContainer'));
    },
    undefined,
    { timeout: 30_000 },
  );
}
