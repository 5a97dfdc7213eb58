import type { Db } from '@db/client';
import { effectiveSettings } from '../settings/effective-settings';

export interface GuestSettings {
  guestBookingActive: boolean;
  confirmationNeeded: boolean;
  releaseMinutes: number;
  contact: string;
  rentalActive: boolean;
  requestValidMinutes: number;
  maxOpenRequests: number;
  phoneRequired: boolean;
}

const NAMES = [
  'fahrzeugGastbuchungAktiv',
  'fahrzeugGastBestaetigungNoetig',
  'fahrzeugGastFreigabeVorBeginnMinuten',
  'fahrzeugGastKontakt',
  'gastverleihAktiv',
  'gastverleihAnfrageGueltigMinuten',
  'gastverleihMaxOffeneAnfragen',
  'gastverleihTelefonPflicht',
] as const;

/** The tenant's guest settings (all are tenant-level), in one query. */
export async function guestSettings(tx: Db, tenantId: string): Promise<GuestSettings> {
  const v = new Map((await effectiveSettings(tx, tenantId, null, NAMES)).map((e) => [e.option.name, e.value]));
  return {
    guestBookingActive: v.get('fahrzeugGastbuchungAktiv') === true,
    confirmationNeeded: v.get('fahrzeugGastBestaetigungNoetig') === true,
    releaseMinutes: Number(v.get('fahrzeugGastFreigabeVorBeginnMinuten')),
    contact: String(v.get('fahrzeugGastKontakt') ?? ''),
    rentalActive: v.get('gastverleihAktiv') === true,
    requestValidMinutes: Number(v.get('gastverleihAnfrageGueltigMinuten')),
    maxOpenRequests: Number(v.get('gastverleihMaxOffeneAnfragen')),
    phoneRequired: v.get('gastverleihTelefonPflicht') === true,
  };
}
