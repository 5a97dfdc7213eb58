import { listAudit, listLogEntries } from '@server/areas/access-admin/access-admin-repository';
import type { Deps } from '@server/deps';
import { read } from '../../kernel/admin-change';
import type { UserContext } from '../../kernel/context';

/** The audit trail and the logging table, paged and filtered in SQL, newest first. */

interface Paging {
  page: number;
  pageSize: number;
}
const window = (p: Paging) => ({ limit: p.pageSize, offset: (p.page - 1) * p.pageSize });
const date = (s?: string) => (s ? new Date(s) : undefined);

export function auditTrail(deps: Deps, user: UserContext, q: Paging & { from?: string; to?: string; subjectType?: string }) {
  return read(deps, user, (tx, t) =>
    listAudit(tx, t, { from: date(q.from), to: date(q.to), ...(q.subjectType ? { subjectType: q.subjectType } : {}), ...window(q) }),
  );
}

export function logEntries(deps: Deps, user: UserContext, q: Paging & { level?: string; category?: string; from?: string; to?: string }) {
  return read(deps, user, (tx, t) =>
    listLogEntries(tx, t, {
      ...(q.level ? { level: q.level } : {}),
      ...(q.category ? { category: q.category } : {}),
      from: date(q.from),
      to: date(q.to),
      ...window(q),
    }),
  );
}
