/**
 * A readable name of the program and system a session was opened with, from
 * its User-Agent header: "Firefox" on "Windows", "curl", "Chrome" on
 * "Android". The sessions list (Settings → Sicherheit → Geräte) shows it so a
 * person recognises their devices. Names of programs and systems are the same
 * in every language; only the joining words are translated by the screen.
 */
export interface ClientName {
  program: string | null;
  system: string | null;
}

/** Browsers before the engines they build on: Edge and Opera say "Chrome", Chrome says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/(\b|Headless)(Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Programs that call the API directly; their product token is not always the name people know. */
const PROGRAMS: [RegExp, string][] = [
  [/^curl\//i, 'curl'],
  [/^Wget\//i, 'Wget'],
  [/^PostmanRuntime\//, 'Postman'],
  [/^HTTPie\//i, 'HTTPie'],
  [/^python-requests\//i, 'Python (requests)'],
  [/^python-httpx\//i, 'Python (httpx)'],
  [/^Go-http-client\//, 'Go'],
  [/^okhttp\//i, 'OkHttp'],
  [/^(node-fetch|undici|node)\b/i, 'Node.js'],
];

/** Systems before the ones their text also names: iOS says "like Mac OS X", Android says "Linux". */
const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\b(Mac OS X|Macintosh)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The first product token (`Name/1.2`), for programs this list does not know. */
const PRODUCT = /^([A-Za-z][A-Za-z0-9._+-]{0,39})(?:\/|\s|$)/;

const first = (ua: string, list: [RegExp, string][]) => list.find(([re]) => re.test(ua))?.[1] ?? null;

export function clientName(userAgent: string | null | undefined): ClientName | null {
  const ua = userAgent?.trim().slice(0, 1000) ?? '';
  if (!ua) return null;
  const system = first(ua, SYSTEMS);
  const known = first(ua, BROWSERS) ?? first(ua, PROGRAMS);
  if (known) return { program: known, system };
  const product = PRODUCT.exec(ua)?.[1] ?? null;
  // "Mozilla" opens nearly every browser's header and names none of them.
  const program = product && product !== 'Mozilla' ? product : null;
  return program || system ? { program, system } : null;
}
