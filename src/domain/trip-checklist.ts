import { type AppError, defineErrors } from './errors';

/**
 * The check before the trip (Abfahrtskontrolle, § 36 DGUV Vorschrift 70;
 * docs/product.md#check-before-the-trip): the fleet keeps one checklist per
 * vehicle category, each change of its items is a new version, and the trip
 * start is answered against the version the driver saw. A point answered
 * „nicht in Ordnung“ needs a short note and becomes a damage record; a
 * critical one refuses the start. Pure: no I/O.
 */

export const MAX_ITEMS = 40;
export const MAX_LABEL = 120;
export const MAX_NAME = 80;
export const MAX_CATEGORIES = 30;
export const MAX_NOTE = 500;

/** One point of a published version: its id in that version, its key across versions, its wording. */
export interface ChecklistItem {
  id: string;
  key: string;
  label: string;
  critical: boolean;
  position: number;
}

/** A point as the fleet edits it: `key` names the point of the current version it continues, null for a new one. */
export interface ItemDraft {
  key: string | null;
  label: string;
  critical: boolean;
}

export interface ChecklistDraft {
  name: string;
  categories: readonly string[];
  items: readonly ItemDraft[];
}

export interface Answer {
  itemId: string;
  ok: boolean;
  note?: string | null;
}

/** A point answered, with the note as written (trimmed; a remark on a point in order is kept too), null without one. */
export interface JudgedAnswer {
  item: ChecklistItem;
  ok: boolean;
  note: string | null;
}

export interface Judgement {
  /** Every point of the version, in its order. */
  answers: JudgedAnswer[];
  /** The points not in order: each becomes a damage record (or joins the open one of the same point). */
  failed: JudgedAnswer[];
  /** The critical points among them: any one refuses the trip start. */
  critical: JudgedAnswer[];
}

const quoteDe = (s: string) => `„${s}“`;
const quoteEn = (s: string) => `“${s}”`;

/** "„A“", "„A“ und „B“", "„A“, „B“ und „C“" (and the English pair). */
export function listOf(labels: readonly string[], locale: 'de' | 'en'): string {
  const q = labels.map(locale === 'de' ? quoteDe : quoteEn);
  if (q.length <= 1) return q.join('');
  return `${q.slice(0, -1).join(', ')} ${locale === 'de' ? 'und' : 'and'} ${q[q.length - 1]}`;
}

export const tripChecklistErrors = defineErrors({
  name_missing: { status: 400, de: 'Bitte geben Sie der Checkliste einen Namen.', en: 'Please give the checklist a name.' },
  items_missing: {
    status: 400,
    de: 'Eine Checkliste braucht mindestens einen Punkt.',
    en: 'A checklist needs at least one item.',
  },
  too_many_items: {
    status: 400,
    de: `Eine Checkliste hat höchstens ${MAX_ITEMS} Punkte.`,
    en: `A checklist has at most ${MAX_ITEMS} items.`,
  },
  label_missing: { status: 400, de: 'Jeder Punkt braucht eine Bezeichnung.', en: 'Every item needs a label.' },
  label_twice: {
    status: 400,
    texts: (p: { label: string }) => ({
      de: `Der Punkt ${quoteDe(p.label)} steht zweimal in der Checkliste.`,
      en: `The item ${quoteEn(p.label)} is in the checklist twice.`,
    }),
  },
  categories_missing: {
    status: 400,
    de: 'Bitte wählen Sie mindestens eine Fahrzeugkategorie.',
    en: 'Please choose at least one vehicle category.',
  },
  too_many_categories: {
    status: 400,
    de: `Eine Checkliste gilt für höchstens ${MAX_CATEGORIES} Kategorien.`,
    en: `A checklist applies to at most ${MAX_CATEGORIES} categories.`,
  },
  category_taken: {
    status: 409,
    texts: (p: { category: string; checklist: string }) => ({
      de: `Für die Kategorie ${quoteDe(p.category)} gibt es schon die Checkliste ${quoteDe(p.checklist)}.`,
      en: `The category ${quoteEn(p.category)} already has the checklist ${quoteEn(p.checklist)}.`,
    }),
  },
  item_unknown: {
    status: 400,
    de: 'Ein Punkt gehört nicht zu dieser Checkliste.',
    en: 'An item does not belong to this checklist.',
  },
  answers_missing: {
    status: 400,
    de: 'Bitte füllen Sie vor der Fahrt die Abfahrtskontrolle aus.',
    en: 'Please complete the pre-trip check before the trip.',
  },
  checklist_changed: {
    status: 409,
    de: 'Die Abfahrtskontrolle wurde inzwischen geändert. Bitte füllen Sie sie erneut aus.',
    en: 'The pre-trip check has been changed in the meantime. Please complete it again.',
  },
  answer_missing: {
    status: 400,
    texts: (p: { label: string }) => ({
      de: `Bitte beantworten Sie in der Abfahrtskontrolle den Punkt ${quoteDe(p.label)}.`,
      en: `Please answer the item ${quoteEn(p.label)} of the pre-trip check.`,
    }),
  },
  answer_unknown: {
    status: 400,
    de: 'Eine Antwort gehört zu keinem Punkt der Abfahrtskontrolle.',
    en: 'An answer belongs to no item of the pre-trip check.',
  },
  answer_twice: {
    status: 400,
    texts: (p: { label: string }) => ({
      de: `Der Punkt ${quoteDe(p.label)} ist zweimal beantwortet.`,
      en: `The item ${quoteEn(p.label)} is answered twice.`,
    }),
  },
  note_missing: {
    status: 400,
    texts: (p: { label: string }) => ({
      de: `Bitte beschreiben Sie kurz, was bei ${quoteDe(p.label)} nicht in Ordnung ist.`,
      en: `Please describe briefly what is not in order with ${quoteEn(p.label)}.`,
    }),
  },
  critical_failed: {
    status: 409,
    texts: (p: { labels: readonly string[] }) => ({
      de: `Die Fahrt kann nicht beginnen: ${listOf(p.labels, 'de')} ${p.labels.length === 1 ? 'ist' : 'sind'} nicht in Ordnung. Der Mangel ist an die Fuhrparkleitung gemeldet.`,
      en: `The trip cannot start: ${listOf(p.labels, 'en')} ${p.labels.length === 1 ? 'is' : 'are'} not in order. The defect has been reported to the fleet management.`,
    }),
  },
});

/** A category as shown: trimmed, inner blanks collapsed. */
export const normaliseCategory = (c: string) => c.trim().replace(/\s+/g, ' ');

/** A category as compared: „Transporter“, „transporter “ and „TRANSPORTER“ are one category. */
export const categoryKey = (c: string) => normaliseCategory(c).toLocaleLowerCase('de-DE');

const labelKey = (l: string) => l.trim().replace(/\s+/g, ' ').toLocaleLowerCase('de-DE');

/**
 * Checks and tidies what the fleet saves: a name, one or more categories
 * (duplicates folded), one to MAX_ITEMS points with distinct labels, and keys
 * only of points the checklist already has (`knownKeys`), each at most once.
 */
export function checkDraft(draft: ChecklistDraft, knownKeys: ReadonlySet<string>): ChecklistDraft {
  const name = draft.name.trim().replace(/\s+/g, ' ');
  if (!name) throw tripChecklistErrors.fail('name_missing');
  const seen = new Map<string, string>();
  for (const c of draft.categories) if (!seen.has(categoryKey(c))) seen.set(categoryKey(c), normaliseCategory(c));
  const categories = [...seen.values()].filter((c) => c);
  if (categories.length === 0) throw tripChecklistErrors.fail('categories_missing');
  if (categories.length > MAX_CATEGORIES) throw tripChecklistErrors.fail('too_many_categories');
  if (draft.items.length === 0) throw tripChecklistErrors.fail('items_missing');
  if (draft.items.length > MAX_ITEMS) throw tripChecklistErrors.fail('too_many_items');
  const labels = new Set<string>();
  const keys = new Set<string>();
  const items = draft.items.map((i) => {
    const label = i.label.trim().replace(/\s+/g, ' ');
    if (!label) throw tripChecklistErrors.fail('label_missing');
    if (labels.has(labelKey(label))) throw tripChecklistErrors.fail('label_twice', { label });
    labels.add(labelKey(label));
    if (i.key !== null) {
      if (!knownKeys.has(i.key) || keys.has(i.key)) throw tripChecklistErrors.fail('item_unknown');
      keys.add(i.key);
    }
    return { key: i.key, label, critical: i.critical };
  });
  return { name, categories, items };
}

/**
 * Whether saving `next` over the current version's points publishes a new
 * version: any point added, removed, moved, reworded or made (non-)critical.
 * A new point (key null) is always a change.
 */
export function isNewVersion(current: readonly Pick<ChecklistItem, 'key' | 'label' | 'critical'>[], next: readonly ItemDraft[]): boolean {
  if (current.length !== next.length) return true;
  return current.some((c, n) => {
    const d = next[n]!;
    return d.key !== c.key || d.label !== c.label || d.critical !== c.critical;
  });
}

/**
 * Judges the answers given at the trip start against the points of the
 * version they were given for: every point exactly once, no answer to a point
 * of another version, and a note for every point not in order. The first
 * refusal in the points' order is thrown; otherwise the failed and critical
 * points are returned. Whether the trip may start is `critical.length === 0`.
 */
export function judgeAnswers(items: readonly ChecklistItem[], answers: readonly Answer[]): Judgement {
  const byId = new Map(items.map((i) => [i.id, i]));
  const given = new Map<string, Answer>();
  for (const a of answers) {
    const item = byId.get(a.itemId);
    if (!item) throw tripChecklistErrors.fail('answer_unknown');
    if (given.has(a.itemId)) throw tripChecklistErrors.fail('answer_twice', { label: item.label });
    given.set(a.itemId, a);
  }
  const ordered = [...items].sort((a, b) => a.position - b.position);
  const judged = ordered.map((item): JudgedAnswer => {
    const a = given.get(item.id);
    if (!a) throw tripChecklistErrors.fail('answer_missing', { label: item.label });
    const note = a.note?.trim().replace(/\s+/g, ' ') || null;
    if (!a.ok && !note) throw tripChecklistErrors.fail('note_missing', { label: item.label });
    return { item, ok: a.ok, note };
  });
  const failed = judged.filter((j) => !j.ok);
  return { answers: judged, failed, critical: failed.filter((j) => j.item.critical) };
}

/** The refusal of a trip start whose critical points were not in order, naming them; null when none was. */
export function criticalRefusal(j: Judgement): AppError | null {
  if (j.critical.length === 0) return null;
  return tripChecklistErrors.fail('critical_failed', { labels: j.critical.map((c) => c.item.label) });
}

/**
 * The text of the damage record a failed point leaves (stored as the fleet's
 * data, in the tenant's language): the checklist, the point, the driver's note
 * and, for a critical point, that the trip did not start.
 */
export function defectDescription(f: JudgedAnswer, checklist: string): string {
  const base = `Abfahrtskontrolle ${quoteDe(checklist)}: ${f.item.label} nicht in Ordnung – ${f.note ?? ''}`.trim();
  return f.item.critical ? `${base} (kritischer Punkt, Fahrt nicht angetreten)` : base;
}

/**
 * Which failed points get a new damage record and which join one still open:
 * a point (by its key) whose earlier „nicht in Ordnung“ left a damage that is
 * not yet behoben is not reported again, so a driver who tries twice, or the
 * next driver, does not mail the fleet the same defect twice.
 */
export function defectPlan(
  failed: readonly JudgedAnswer[],
  openByKey: ReadonlyMap<string, string>,
): { answer: JudgedAnswer; damageId: string | null }[] {
  return failed.map((answer) => ({ answer, damageId: openByKey.get(answer.item.key) ?? null }));
}
