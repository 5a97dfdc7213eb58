/**
 * Access audit (decisions 106 and 155): which reads of other people's data are
 * recorded in the audit trail, and how one read of many people is named.
 * Pure rules, no I/O.
 */

/** What was looked at; the German texts are what /admin/protokoll shows. */
export const PERSONAL_DATA_ACCESS = {
  fuehrerscheinhistorie: 'Führerschein und Prüfungshistorie',
  fuehrerscheinscan: 'Scan einer Führerscheinprüfung',
  personendetail: 'Personendetails (Rollen, Gruppen, Berechtigungen)',
  fuehrerscheinliste: 'Führerscheinliste (Beschäftigte)',
  gastfuehrerscheinliste: 'Führerscheinliste (Gäste)',
  fahrtenbuch: 'Fahrtenbuch (Fahrten anderer)',
  fahrzeugverlauf: 'Fahrzeugverlauf (Fahrtbeginn und -ende anderer)',
  fahrtenbuchexcel: 'Fahrtenbuch-Export (Excel)',
  fahrtenbuchpdf: 'Fahrtenbuch-Export (PDF)',
  fahrtenbuchbericht: 'Fahrtenbuch-Bericht per E-Mail (PDF und Excel)',
  sonderfahrten: 'Sonderfahrten zur Freigabe (Buchungen anderer mit Zweck und Ziel)',
} as const;
export type PersonalDataAccess = keyof typeof PERSONAL_DATA_ACCESS;

/** The audit subject type of such an entry. */
export const ACCESS_SUBJECT = 'zugriff';

/** Only reading somebody else's data is recorded: a person looking at their own data is no access to be accounted for. */
export function isAuditedAccess(actorId: string, personId: string): boolean {
  return actorId !== personId;
}

/** A person whose data one read showed: a member (id), a guest (id = e-mail) or a name typed into a gap explanation (no id). */
export interface AccessedPerson {
  id: string | null;
  name: string;
}

/** How many names the subject of an entry spells out; the full list is in the entry's "Personen" line. */
export const NAMED_IN_SUBJECT = 3;

/**
 * The other people one read showed, each once, in German name order: the
 * reader's own rows never count, so a read of only one's own data (or of no
 * one) leaves no entry.
 */
export function othersAccessed(actorId: string, persons: Iterable<AccessedPerson>): AccessedPerson[] {
  const seen = new Map<string, AccessedPerson>();
  for (const p of persons) {
    const name = p.name.trim();
    if (p.id !== null && !isAuditedAccess(actorId, p.id)) continue;
    if (p.id === null && name === '') continue;
    const key = p.id ?? `name:${name}`;
    if (!seen.has(key)) seen.set(key, { id: p.id, name });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name, 'de') || (a.id ?? '').localeCompare(b.id ?? ''));
}

/** Names in a list are separated by commas, or by semicolons where a name has a comma itself ("Müller, Anna"). */
const separatorOf = (names: readonly string[]) => (names.some((n) => n.includes(',')) ? '; ' : ', ');

/** Every name of the read, for the entry's "Personen" line. */
export function accessedNames(others: readonly AccessedPerson[]): string {
  const names = others.map((p) => p.name);
  return names.join(separatorOf(names));
}

/** The entry's subject: one person by name, several as the first few names and how many more ("A, B, C und 4 weitere"). */
export function accessSubjectName(others: readonly AccessedPerson[]): string {
  const names = others.map((p) => p.name);
  const sep = separatorOf(names);
  if (names.length <= 1) return names[0] ?? '';
  if (names.length <= NAMED_IN_SUBJECT) return `${names.slice(0, -1).join(sep)} und ${names.at(-1)}`;
  return `${names.slice(0, NAMED_IN_SUBJECT).join(sep)} und ${names.length - NAMED_IN_SUBJECT} weitere`;
}

/**
 * The entry's subject id: every id of the read, comma-separated, so that the
 * question "who looked at my data?" is answered by one search for a person's
 * id (members by id, guests by e-mail).
 */
export function accessSubjectId(others: readonly AccessedPerson[]): string {
  return others
    .map((p) => p.id)
    .filter((id): id is string => id !== null)
    .join(',');
}
