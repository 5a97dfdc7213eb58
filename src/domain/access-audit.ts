/**
 * Access audit (decision 106): which reads of another person's data are
 * recorded in the audit trail. Pure rules, no I/O.
 */

/** What was looked at; the German texts are what /admin/protokoll shows. */
export const PERSONAL_DATA_ACCESS = {
  fuehrerscheinhistorie: 'Führerschein und Prüfungshistorie',
  fuehrerscheinscan: 'Scan einer Führerscheinprüfung',
  personendetail: 'Personendetails (Rollen, Gruppen, Berechtigungen)',
} as const;
export type PersonalDataAccess = keyof typeof PERSONAL_DATA_ACCESS;

/** The audit subject type of such an entry. */
export const ACCESS_SUBJECT = 'zugriff';

/** Only reading somebody else's data is recorded: a person looking at their own data is no access to be accounted for. */
export function isAuditedAccess(actorId: string, personId: string): boolean {
  return actorId !== personId;
}
