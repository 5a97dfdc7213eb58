import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One changed field of an administrative change: old and new value as shown to admins. */
export interface AuditChange {
  field: string;
  old: string | null;
  new: string | null;
}

/**
 * Append-only audit trail of administrative changes (who, when, what, old → new).
 * A trigger refuses UPDATE, DELETE and TRUNCATE (migration 0010); no foreign key to
 * the tenant, so the trail outlives even a deleted tenant's other rows.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    /** 'anlegen', 'ändern' or 'löschen'. */
    action: text('action').notNull(),
    /** 'rolle', 'gruppe', 'benutzer'. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    subjectName: text('subject_name').notNull(),
    changes: jsonb('changes').$type<AuditChange[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index().on(t.tenantId, t.at)],
);
