import { nextInstructionDate } from '@domain/driver-instruction';
import { addDays, berlinDay } from '@domain/vehicle-time';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema/index';

const BODY_2 = `Diese Unterweisung gilt für alle, die ein Poolfahrzeug der Stadtwerke fahren (DGUV Vorschrift 1 § 4, DGUV Vorschrift 70).

1. Vor jeder Fahrt: Sichtprüfung von Reifen, Beleuchtung, Spiegeln und Scheiben; Warndreieck, Warnweste und Verbandkasten sind an Bord.
2. Ladung wird so gesichert, dass sie bei einer Vollbremsung nicht verrutscht; das zulässige Gesamtgewicht wird nicht überschritten.
3. Während der Fahrt kein Telefon in der Hand, 0,0 Promille, Gurtpflicht für alle Mitfahrenden.
4. Ein Schaden oder eine Warnleuchte wird vor der Rückgabe in Buchbar gemeldet; ein nicht betriebssicheres Fahrzeug wird nicht gefahren.
5. Nach einem Unfall: Unfallstelle sichern, Erste Hilfe leisten, Polizei rufen und die Fuhrparkleitung informieren.`;

/**
 * The Stadtwerke's driver instruction: version 1 published fourteen months ago, version 2 three months ago.
 * Felix Fuhrmann was instructed in person two months ago, Anna Adler confirmed version 2 in the app a month
 * ago, Frieda Frei confirmed version 1 so that her next instruction is due in ten days (inside the reminder
 * days), and Max Mustermann has none yet. Dates relative to today (Europe/Berlin); the gate stays off, so the
 * demo's other bookings stand.
 */
export async function seedDriverInstruction(tx: Db, now = new Date()): Promise<void> {
  const [tenant] = await tx.select({ id: t.tenants.id }).from(t.tenants).where(eq(t.tenants.subIdentifier, 'stadtwerke'));
  if (!tenant) return;
  const tenantId = tenant.id;
  const emails = ['fuhrpark', 'admin', 'freigabe'].map((n) => `${n}@stadtwerke.test`);
  const rows = await tx
    .select({ id: t.users.id, email: t.users.email })
    .from(t.users)
    .where(and(eq(t.users.tenantId, tenantId), inArray(t.users.email, emails)));
  const id = new Map(rows.map((r) => [r.email.split('@')[0]!, r.id]));
  const fleet = id.get('fuhrpark');
  if (!fleet) return;
  const today = berlinDay(now);
  const monthsAgo = (n: number) => nextInstructionDate(today, -n);
  const [v1] = await tx
    .insert(t.instructionVersions)
    .values({
      tenantId,
      category: '',
      version: 1,
      title: 'Fahrerunterweisung Poolfahrzeuge',
      body: BODY_2.split('\n\n5.')[0]!,
      publishedOn: monthsAgo(14),
      publishedById: fleet,
    })
    .returning({ id: t.instructionVersions.id });
  const [v2] = await tx
    .insert(t.instructionVersions)
    .values({
      tenantId,
      category: '',
      version: 2,
      title: 'Fahrerunterweisung Poolfahrzeuge',
      body: BODY_2,
      publishedOn: monthsAgo(3),
      publishedById: fleet,
    })
    .returning({ id: t.instructionVersions.id });
  const confirmations = [
    { who: 'fuhrpark', version: v2!.id, kind: 'praesenz', on: monthsAgo(2), instructor: 'Jens Hoppe (Fachkraft für Arbeitssicherheit)' },
    { who: 'admin', version: v2!.id, kind: 'app', on: monthsAgo(1), instructor: null },
    // due in ten days: inside the reminder days (14)
    { who: 'freigabe', version: v1!.id, kind: 'app', on: nextInstructionDate(addDays(today, 10), -12), instructor: null },
  ];
  for (const c of confirmations) {
    const userId = id.get(c.who);
    if (!userId) continue;
    await tx.insert(t.instructionConfirmations).values({
      tenantId,
      userId,
      versionId: c.version,
      category: '',
      kind: c.kind,
      instructedOn: c.on,
      instructor: c.instructor,
      recordedById: c.kind === 'praesenz' ? fleet : userId,
    });
  }
}
