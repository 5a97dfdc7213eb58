import { isIsoDay, isValidTime } from '@domain/time';
import { optionalEnum, optionalText } from '@web/lib/search-params';

/**
 * Typed search parameters of /leseraum/* and /arbeitswelt/* (docs/product.md#navigation): a link
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
  /** „Mein Team heute“: object id of a colleague's desk; the booking opens for the nearest free desk. */
  neben?: string;
}

const ID = /^[0-9a-f-]{36}$/i;
const isId = (text: string) => ID.test(text);

/** A day or time that does not exist (datum=2026-02-30, von=24:00) is dropped like any broken value: the API would refuse it. */
const matching = (accepts: (text: string) => boolean, value: unknown) => {
  const text = optionalText(value);
  return text !== undefined && accepts(text) ? text : undefined;
};

export function readingRoomSearch(search: Record<string, unknown>): ReadingRoomSearch {
  const out: ReadingRoomSearch = {
    ansicht: optionalEnum(ANSICHTEN, search.ansicht),
    filter: optionalEnum(FILTER, search.filter),
    buchungsmodus: optionalEnum(BUCHUNGSMODI, search.buchungsmodus),
    tageszeit: optionalEnum(TAGESZEITEN, search.tageszeit),
    datum: matching(isIsoDay, search.datum),
    von: matching(isValidTime, search.von),
    bis: matching(isValidTime, search.bis),
    grundriss: matching(isId, search.grundriss),
    sortierung: optionalEnum(SORTS, search.sortierung),
    ausstattung:
      optionalText(search.ausstattung)
        ?.split(',')
        .filter((x) => ID.test(x))
        .join(',') || undefined,
    bestaetigen: matching(isId, search.bestaetigen),
    einchecken: matching(isId, search.einchecken),
    neben: matching(isId, search.neben),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as ReadingRoomSearch;
}
