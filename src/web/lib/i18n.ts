import type { AppLocale } from '@contracts/session';
import i18n, { type BackendModule, type ReadCallback, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from '../i18n/de/common';
import { nav } from '../i18n/de/nav';
import { session } from '../i18n/de/session';

/**
 * i18n namespaces. Every namespace is one file per language,
 * `src/web/i18n/{de,en}/<kebab-name>.ts`, exporting `const <camelName>`
 * (e.g. reading-rooms.ts exports `readingRooms`). Files are found
 * automatically; to register a namespace add ONE line to `Resources` below
 * (it types the keys of t()). German is the default language.
 *
 * Only the namespaces of the first screen are bundled; all others, and all
 * English texts, load on first use (react-i18next suspends meanwhile; route
 * components sit inside the router's Suspense boundary).
 */
export interface Resources {
  common: typeof common;
  nav: typeof nav;
  session: typeof session;
  admin: typeof import('../i18n/de/admin').admin;
  help: typeof import('../i18n/de/help').help;
  vehicles: typeof import('../i18n/de/vehicles').vehicles;
  readingRooms: typeof import('../i18n/de/reading-rooms').readingRooms;
  evaluation: typeof import('../i18n/de/evaluation').evaluation;
  licences: typeof import('../i18n/de/licences').licences;
  guests: typeof import('../i18n/de/guests').guests;
  access: typeof import('../i18n/de/access').access;
  vehicleDetail: typeof import('../i18n/de/vehicle-detail').vehicleDetail;
  logbook: typeof import('../i18n/de/logbook').logbook;
  vehicleCare: typeof import('../i18n/de/vehicle-care').vehicleCare;
  locations: typeof import('../i18n/de/locations').locations;
  clients: typeof import('../i18n/de/clients').clients;
  trails: typeof import('../i18n/de/trails').trails;
  tripChecklist: typeof import('../i18n/de/trip-checklist').tripChecklist;
  fleetCosts: typeof import('../i18n/de/fleet-costs').fleetCosts;
  integrations: typeof import('../i18n/de/integrations').integrations;
  directory: typeof import('../i18n/de/directory').directory;
  driverInstruction: typeof import('../i18n/de/driver-instruction').driverInstruction;
  scim: typeof import('../i18n/de/scim').scim;
  occupancy: typeof import('../i18n/de/occupancy').occupancy;
}

/** Bundled with the first screen: login, header and errors need no extra request. */
const BUNDLED = { common, nav, session };

export type AppLanguage = 'de' | 'en';

type Catalogue = Record<string, unknown>;
const CATALOGUES: Record<AppLanguage, Record<string, () => Promise<Catalogue>>> = {
  de: import.meta.glob<Catalogue>('../i18n/de/*.ts'),
  en: import.meta.glob<Catalogue>('../i18n/en/*.ts'),
};

const kebab = (namespace: string) => namespace.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

async function loadCatalogue(language: string, namespace: string): Promise<ResourceKey> {
  const lang: AppLanguage = language === 'en' ? 'en' : 'de';
  const load = CATALOGUES[lang][`../i18n/${lang}/${kebab(namespace)}.ts`];
  if (!load) throw new Error(`i18n: no catalogue ${lang}/${kebab(namespace)}.ts for namespace ${namespace}`);
  const module = await load();
  const bundle = module[namespace];
  if (typeof bundle !== 'object' || bundle === null) {
    throw new Error(`i18n: ${lang}/${kebab(namespace)}.ts does not export const ${namespace}`);
  }
  return bundle as ResourceKey;
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    loadCatalogue(language, namespace).then(
      (bundle) => callback(null, bundle),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

const STORAGE_KEY = 'buchbar.language';

export function languageOfLocale(locale: AppLocale): AppLanguage {
  return locale === 'en-us' ? 'en' : 'de';
}

export function localeOfLanguage(language: AppLanguage): AppLocale {
  return language === 'en' ? 'en-us' : 'de-de';
}

export function currentLanguage(): AppLanguage {
  return i18n.language === 'en' ? 'en' : 'de';
}

function storedLanguage(): AppLanguage {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'en' ? 'en' : 'de';
  } catch {
    return 'de';
  }
}

/**
 * Switches texts and <html lang> at once (lib/dayjs.ts follows the i18n
 * language) and remembers the choice for the public pages. Every namespace in
 * use is loaded in the new language before the switch, so nothing flickers.
 */
export async function setLanguage(language: AppLanguage): Promise<void> {
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // storage may be blocked; the language then only lasts for this page
  }
}

let appliedUserLocale: AppLocale | null = null;

/**
 * Applies the signed-in user's locale (Me.locale) whenever it changes on the
 * server side, without overriding a switch the user has just made in this tab.
 */
export async function applyUserLocale(locale: AppLocale): Promise<void> {
  if (appliedUserLocale === locale) return;
  appliedUserLocale = locale;
  await setLanguage(languageOfLocale(locale));
}

export async function initI18n(): Promise<void> {
  await i18n
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({
      resources: { de: BUNDLED },
      partialBundledLanguages: true,
      lng: storedLanguage(),
      fallbackLng: 'de',
      ns: Object.keys(BUNDLED),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = currentLanguage();
}

export { i18n };
