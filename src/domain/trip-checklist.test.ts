import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAppError } from './errors';
import {
  type Answer,
  type ChecklistItem,
  categoryKey,
  checkDraft,
  criticalRefusal,
  defectDescription,
  defectPlan,
  isNewVersion,
  judgeAnswers,
  listOf,
  MAX_ITEMS,
} from './trip-checklist';

const item = (n: number, label: string, critical = false): ChecklistItem => ({
  id: `id-${n}`,
  key: `key-${n}`,
  label,
  critical,
  position: n,
});
const ITEMS = [item(1, 'Beleuchtung', true), item(2, 'Reifen', true), item(3, 'Warndreieck'), item(4, 'Verbandkasten')];
const allOk = (items: readonly ChecklistItem[]): Answer[] => items.map((i) => ({ itemId: i.id, ok: true }));

const refusal = (f: () => unknown) => {
  try {
    f();
    return null;
  } catch (e) {
    if (!isAppError(e)) throw e;
    return { de: e.message, en: e.en, status: e.status, code: e.code };
  }
};

describe('answers at the trip start', () => {
  it('lets the trip start when every point is in order', () => {
    const j = judgeAnswers(ITEMS, allOk(ITEMS));
    expect(j.failed).toEqual([]);
    expect(criticalRefusal(j)).toBeNull();
    expect(j.answers.map((a) => a.item.label)).toEqual(['Beleuchtung', 'Reifen', 'Warndreieck', 'Verbandkasten']);
  });

  it('refuses a critical point not in order, naming it, in German and English', () => {
    const answers = allOk(ITEMS).map((a) => (a.itemId === 'id-2' ? { ...a, ok: false, note: 'Profil vorne links abgefahren' } : a));
    const r = criticalRefusal(judgeAnswers(ITEMS, answers))!;
    expect(r.status).toBe(409);
    expect(r.code).toBe('critical_failed');
    expect(r.message).toBe('Die Fahrt kann nicht beginnen: „Reifen“ ist nicht in Ordnung. Der Mangel ist an die Fuhrparkleitung gemeldet.');
    expect(r.en).toBe('The trip cannot start: “Reifen” is not in order. The defect has been reported to the fleet management.');
  });

  it('names every failed critical point', () => {
    const answers = allOk(ITEMS).map((a) => (a.itemId !== 'id-4' ? { ...a, ok: false, note: 'kaputt' } : a));
    const r = criticalRefusal(judgeAnswers(ITEMS, answers))!;
    expect(r.message).toBe(
      'Die Fahrt kann nicht beginnen: „Beleuchtung“ und „Reifen“ sind nicht in Ordnung. Der Mangel ist an die Fuhrparkleitung gemeldet.',
    );
    expect(r.en).toBe(
      'The trip cannot start: “Beleuchtung” and “Reifen” are not in order. The defect has been reported to the fleet management.',
    );
  });

  it('records a non-critical point not in order without refusing the start', () => {
    const answers = allOk(ITEMS).map((a) => (a.itemId === 'id-3' ? { ...a, ok: false, note: '  Warndreieck  fehlt ' } : a));
    const j = judgeAnswers(ITEMS, answers);
    expect(criticalRefusal(j)).toBeNull();
    expect(j.failed.map((f) => [f.item.label, f.note])).toEqual([['Warndreieck', 'Warndreieck fehlt']]);
  });

  it('asks for a note for a point not in order', () => {
    const answers = allOk(ITEMS).map((a) => (a.itemId === 'id-3' ? { ...a, ok: false, note: '   ' } : a));
    expect(refusal(() => judgeAnswers(ITEMS, answers))).toEqual({
      de: 'Bitte beschreiben Sie kurz, was bei „Warndreieck“ nicht in Ordnung ist.',
      en: 'Please describe briefly what is not in order with “Warndreieck”.',
      status: 400,
      code: 'note_missing',
    });
  });

  it('asks for every point, and refuses answers to points of another version or given twice', () => {
    expect(refusal(() => judgeAnswers(ITEMS, allOk(ITEMS).slice(1)))?.de).toBe(
      'Bitte beantworten Sie in der Abfahrtskontrolle den Punkt „Beleuchtung“.',
    );
    expect(refusal(() => judgeAnswers(ITEMS, [...allOk(ITEMS), { itemId: 'id-9', ok: true }]))?.de).toBe(
      'Eine Antwort gehört zu keinem Punkt der Abfahrtskontrolle.',
    );
    expect(refusal(() => judgeAnswers(ITEMS, [...allOk(ITEMS), { itemId: 'id-2', ok: true }]))).toMatchObject({
      de: 'Der Punkt „Reifen“ ist zweimal beantwortet.',
      en: 'The item “Reifen” is answered twice.',
    });
  });

  const checklist = fc
    .uniqueArray(fc.record({ label: fc.string({ minLength: 1, maxLength: 12 }), critical: fc.boolean() }), {
      minLength: 1,
      maxLength: 12,
      selector: (i) => i.label,
    })
    .map((xs) => xs.map((x, n) => ({ ...item(n, x.label, x.critical) })));
  const withAnswers = checklist.chain((items) =>
    fc.tuple(
      fc.constant(items),
      fc.array(fc.record({ ok: fc.boolean(), note: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '') }), {
        minLength: items.length,
        maxLength: items.length,
      }),
    ),
  );

  it('property: the start is refused exactly when a critical point is not in order, and every failed point is listed once', () => {
    fc.assert(
      fc.property(withAnswers, fc.boolean(), ([items, given], shuffle) => {
        const answers = items.map((i, n) => ({ itemId: i.id, ok: given[n]!.ok, note: given[n]!.note }));
        const j = judgeAnswers(items, shuffle ? [...answers].reverse() : answers);
        const failedIds = items.filter((_, n) => !given[n]!.ok).map((i) => i.id);
        expect(j.failed.map((f) => f.item.id)).toEqual(failedIds);
        expect(j.answers).toHaveLength(items.length);
        const blocked = items.some((i, n) => i.critical && !given[n]!.ok);
        expect(criticalRefusal(j) !== null).toBe(blocked);
        if (blocked) for (const c of j.critical) expect(criticalRefusal(j)!.message).toContain(`„${c.item.label}“`);
      }),
    );
  });

  it('property: leaving out any one answer is refused with that point named, never a start', () => {
    fc.assert(
      fc.property(checklist, fc.nat(), (items, pick) => {
        const left = items[pick % items.length]!;
        const r = refusal(() =>
          judgeAnswers(
            items,
            allOk(items).filter((a) => a.itemId !== left.id),
          ),
        );
        expect(r?.de).toBe(`Bitte beantworten Sie in der Abfahrtskontrolle den Punkt „${left.label}“.`);
      }),
    );
  });

  it('property: a point not in order without a note is never accepted', () => {
    fc.assert(
      fc.property(checklist, fc.nat(), fc.constantFrom(undefined, null, '', '  \n '), (items, pick, note) => {
        const bad = items[pick % items.length]!;
        const answers = allOk(items).map((a) => (a.itemId === bad.id ? { ...a, ok: false, note } : a));
        expect(refusal(() => judgeAnswers(items, answers))?.code).toBe('note_missing');
      }),
    );
  });
});

describe('the defect a failed point leaves', () => {
  const failed = (n: number, critical: boolean) => ({
    item: item(n, n === 2 ? 'Reifen' : 'Warndreieck', critical),
    ok: false,
    note: 'fehlt',
  });

  it('describes the point, the note, and for a critical point that the trip did not start', () => {
    expect(defectDescription(failed(3, false), 'PKW')).toBe('Abfahrtskontrolle „PKW“: Warndreieck nicht in Ordnung – fehlt');
    expect(defectDescription(failed(2, true), 'PKW')).toBe(
      'Abfahrtskontrolle „PKW“: Reifen nicht in Ordnung – fehlt (kritischer Punkt, Fahrt nicht angetreten)',
    );
  });

  it('property: a point with an open damage joins it, every other failed point gets a new one', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 10 }), fc.array(fc.boolean(), { maxLength: 10 }), (crit, open) => {
        const list = crit.map((c, n) => failed(n, c));
        const openByKey = new Map(list.filter((_, n) => open[n]).map((f) => [f.item.key, `damage-${f.item.key}`]));
        const plan = defectPlan(list, openByKey);
        expect(plan.map((p) => p.answer)).toEqual(list);
        for (const p of plan) expect(p.damageId).toBe(openByKey.get(p.answer.item.key) ?? null);
      }),
    );
  });
});

describe('the fleet edits a checklist', () => {
  const draft = {
    name: ' Abfahrtskontrolle  PKW ',
    categories: ['Kleinwagen', ' kleinwagen', 'Kombi '],
    items: [
      { key: null, label: ' Reifen ', critical: true },
      { key: 'k1', label: 'Ladekabel', critical: false },
    ],
  };

  it('tidies names, labels and categories', () => {
    expect(checkDraft(draft, new Set(['k1']))).toEqual({
      name: 'Abfahrtskontrolle PKW',
      categories: ['Kleinwagen', 'Kombi'],
      items: [
        { key: null, label: 'Reifen', critical: true },
        { key: 'k1', label: 'Ladekabel', critical: false },
      ],
    });
    expect(categoryKey('  TRANS  porter ')).toBe(categoryKey('trans porter'));
  });

  it('refuses what is no checklist', () => {
    const known = new Set(['k1']);
    expect(refusal(() => checkDraft({ ...draft, name: '  ' }, known))?.de).toBe('Bitte geben Sie der Checkliste einen Namen.');
    expect(refusal(() => checkDraft({ ...draft, items: [] }, known))?.de).toBe('Eine Checkliste braucht mindestens einen Punkt.');
    expect(refusal(() => checkDraft({ ...draft, categories: [' '] }, known))?.de).toBe(
      'Bitte wählen Sie mindestens eine Fahrzeugkategorie.',
    );
    expect(
      refusal(() => checkDraft({ ...draft, items: [...draft.items, { key: null, label: 'reifen', critical: false }] }, known)),
    ).toMatchObject({ de: 'Der Punkt „reifen“ steht zweimal in der Checkliste.', en: 'The item “reifen” is in the checklist twice.' });
    expect(refusal(() => checkDraft({ ...draft, items: [{ key: 'other', label: 'X', critical: false }] }, known))?.de).toBe(
      'Ein Punkt gehört nicht zu dieser Checkliste.',
    );
    const many = Array.from({ length: MAX_ITEMS + 1 }, (_, n) => ({ key: null, label: `Punkt ${n}`, critical: false }));
    expect(refusal(() => checkDraft({ ...draft, items: many }, known))?.de).toBe('Eine Checkliste hat höchstens 40 Punkte.');
  });

  it('publishes a new version only when the points change', () => {
    const current = [
      { key: 'a', label: 'Reifen', critical: true },
      { key: 'b', label: 'Warndreieck', critical: false },
    ];
    expect(isNewVersion(current, current)).toBe(false);
    expect(isNewVersion(current, [current[0]!, { ...current[1]!, critical: true }])).toBe(true);
    expect(isNewVersion(current, [current[1]!, current[0]!])).toBe(true);
    expect(isNewVersion(current, [current[0]!, { ...current[1]!, label: 'Warndreieck und Warnweste' }])).toBe(true);
    expect(isNewVersion(current, [current[0]!])).toBe(true);
    expect(isNewVersion(current, [...current, { key: null, label: 'Ladekabel', critical: false }])).toBe(true);
  });

  it('property: the same points in the same order are never a new version, any one change always is', () => {
    const points = fc.uniqueArray(fc.record({ key: fc.uuid(), label: fc.string({ minLength: 1, maxLength: 8 }), critical: fc.boolean() }), {
      minLength: 1,
      maxLength: 8,
      selector: (p) => p.key,
    });
    fc.assert(
      fc.property(points, fc.nat(), (current, pick) => {
        expect(
          isNewVersion(
            current,
            current.map((c) => ({ ...c })),
          ),
        ).toBe(false);
        const n = pick % current.length;
        const flipped = current.map((c, i) => (i === n ? { ...c, critical: !c.critical } : c));
        expect(isNewVersion(current, flipped)).toBe(true);
      }),
    );
  });

  it('lists labels as a reader expects', () => {
    expect(listOf(['A'], 'de')).toBe('„A“');
    expect(listOf(['A', 'B', 'C'], 'de')).toBe('„A“, „B“ und „C“');
    expect(listOf(['A', 'B'], 'en')).toBe('“A” and “B”');
  });
});
