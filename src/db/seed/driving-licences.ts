import { nextCheckDate } from '@domain/driving-licence';
import { addDays, berlinDay } from '@domain/vehicle-time';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema/index';

/**
 * Demo driving licences for the Stadtwerke drivers, checked by
 * pruefer@ with the default interval of six months: Max Mitarbeiter valid
 * (checked two months ago), Felix Fuhrmann valid with a driving ban next month,
 * the approver due within the reminder period, the administrator overdue.
 * Dates relative to today (Europe/Berlin).
 */
export async function seedDrivingLicences(tx: Db, now = new Date()): Promise<void> {
  const [tenant] = await tx.select({ id: t.tenants.id }).from(t.tenants).where(eq(t.tenants.subIdentifier, 'stadtwerke'));
  if (!tenant) return;
  const tenantId = tenant.id;
  const emails = ['pruefer', 'mitarbeiter', 'fuhrpark', 'freigabe', 'admin'].map((n) => `${n}@stadtwerke.test`);
  const rows = await tx
    .select({ id: t.users.id, email: t.users.email })
    .from(t.users)
    .where(and(eq(t.users.tenantId, tenantId), inArray(t.users.email, emails)));
  const id = new Map(rows.map((r) => [r.email, r.id]));
  const examinerId = id.get('pruefer@stadtwerke.test');
  if (!examinerId) return;
  const today = berlinDay(now);
  const monthsAgo = (n: number) => nextCheckDate(today, -n);
  const licences = [
    { who: 'mitarbeiter', checkedOn: monthsAgo(2), number: 'B072RM3XK51', issueDate: '2012-06-14', classes: ['AM', 'B', 'L'] },
    {
      who: 'fuhrpark',
      checkedOn: monthsAgo(1),
      number: 'F4471KL0912',
      issueDate: '1998-03-02',
      classes: ['AM', 'A1', 'B', 'BE', 'C1', 'C1E', 'L'],
      banFrom: addDays(today, 32),
      banTo: addDays(today, 62),
      extraInfo: 'Fahrverbot nach § 25 StVG (ein Monat), Beginn mit Rechtskraft des Bußgeldbescheids',
    },
    // due within the reminder period (14 days): next check in ten days
    {
      who: 'freigabe',
      checkedOn: nextCheckDate(addDays(today, 10), -6),
      number: 'J19Z0PQ7714',
      issueDate: '2005-09-30',
      classes: ['AM', 'B'],
    },
    { who: 'admin', checkedOn: monthsAgo(7), number: 'N0031AB8C29', issueDate: '2001-11-05', classes: ['AM', 'A', 'A1', 'A2', 'B'] },
  ];
  for (const l of licences) {
    const userId = id.get(`${l.who}@stadtwerke.test`);
    if (!userId) continue;
    await tx.insert(t.licenceChecks).values({
      tenantId,
      userId,
      examinerId,
      checkedOn: l.checkedOn,
      method: 'persoenlich',
      classes: l.classes,
      licenceNumber: l.number,
      issueDate: l.issueDate,
      banFrom: l.banFrom ?? null,
      banTo: l.banTo ?? null,
      extraInfo: l.extraInfo ?? null,
      remark: 'Original vorgelegt, Lichtbild stimmt überein.',
    });
  }
}
