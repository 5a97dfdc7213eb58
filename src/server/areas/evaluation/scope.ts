import type { EvaluationQuery } from '@contracts/evaluation';
import { periodEnd } from '@domain/evaluation';
import { instantOf } from '@domain/opening-hours';
import type { EvaluationScope } from '@server/areas/evaluation/evaluation-repository';
import type { UserContext } from '../../kernel/context';

/** The period as Berlin instants [from 00:00, day after to 00:00) for the tenant of the request. */
export function evaluationScope(user: UserContext, query: EvaluationQuery): EvaluationScope {
  return {
    tenantId: user.tenant.id,
    from: instantOf(query.from, '00:00'),
    to: instantOf(periodEnd(query), '00:00'),
    fromDay: query.from,
    toDay: periodEnd(query),
    locationId: query.locationId ?? null,
  };
}

/** Minutes as hours with one decimal. */
export const hours = (minutes: number): number => Math.round(minutes / 6) / 10;
