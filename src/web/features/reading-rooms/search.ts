import { optionalEnum, optionalText } from '../../lib/search-params';

/**
 * Typed search parameters of /leseraum/* and /arbeitswelt/* (SPEC §2): a link
 * reproduces the view. Broken values are dropped, never fail the route.
 */
export const ANSICHTEN = ['karte', 'liste'] as const;
export const FILTER = ['aus', 'frei', 'favoriten'] as const;
export const BUCHUNGSMODI = ['ganztags', 'stuendlich'] as const;
export const TAGESZEITEN = ['ganztags', 'vormittags', 'nachmittags'] as const;
export const SORTS = ['name', 'status', 'plaetze'] as const;

export type Ansicht = (typeof ANSICHTEN)[number];
export type Filter = (typeof FILTER)[number];
export type Buchungsmodus = (typeof BUCHUNGSMODI)[number];
export type Tageszeit = (typeof TAGESZEITEN)[number];
export type ListSort = (typeof SORTS)[number];

export interface ReadingRoomSearch {
  ansicht?: Ansicht;
  /** Default aus. */
  filter?: Filter;
  /** Default ganztags. */
  buchungsmodus?: Buchungsmodus;
  /** Default ganztags (all day). */
  tageszeit?: Tageszeit;
  /** YYYY-MM-DD; default today. */
  datum?: string;
  von?: string;
  bis?: string;
  /** Floor plan id; default the favourite plan, else the first. */
  grundriss?: string;
  sortierung?: ListSort;
  /** Equipment ids, comma separated (list filter). */
  ausstattung?: string;
  /** Deep link of the pre-booking mail: booking id to confirm. */
  bestaetigen?: string;
  /** Deep link of the kiosk QR code: object id to check in. */
  einchecken?: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const ID = /^[0-9a-f-]{36}$/i;

const matching = (re: RegExp, value: unknown) => {
  const text = optionalText(value);
  return text !== undefined && re.test(text) ? text : undefined;
};

export function readingRoomSearch(search: Record<string, unknown>): ReadingRoomSearch {
  const out: ReadingRoomSearch = {
    ansicht: optionalEnum(ANSICHTEN, search.ansicht),
    filter: optionalEnum(FILTER, search.filter),
    buchungsmodus: optionalEnum(BUCHUNGSMODI, search.buchungsmodus),
    tageszeit: optionalEnum(TAGESZEITEN, search.tageszeit),
    datum: matching(ISO_DAY, search.datum),
    von: matching(TIME, search.von),
    bis: matching(TIME, search.bis),
    grundriss: matching(ID, search.grundriss),
    sortierung: optionalEnum(SORTS, search.sortierung),
    ausstattung: optionalText(search.ausstattung)?.split(',').filter((x) => ID.test(x)).join(',') || undefined,
    bestaetigen: matching(ID, search.bestaetigen),
    einchecken: matching(ID, search.einchecken),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as ReadingRoomSearch;
}
