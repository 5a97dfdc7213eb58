import type { Db } from '@db/client';
import { effectiveValues } from '../settings/public';

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
  const v = await effectiveValues(tx, tenantId, null, NAMES);
  return {
    guestBookingActive: v.fahrzeugGastbuchungAktiv,
    confirmationNeeded: v.fahrzeugGastBestaetigungNoetig,
    releaseMinutes: v.fahrzeugGastFreigabeVorBeginnMinuten,
    contact: v.fahrzeugGastKontakt,
    rentalActive: v.gastverleihAktiv,
    requestValidMinutes: v.gastverleihAnfrageGueltigMinuten,
    maxOpenRequests: v.gastverleihMaxOffeneAnfragen,
    phoneRequired: v.gastverleihTelefonPflicht,
  };
}
