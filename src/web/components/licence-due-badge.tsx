import type { dueCountResponse } from '@contracts/driving-licences';
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { licenceKeys } from '@web/lib/licence-keys';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/**
 * The number of driving-licence checks due (docs/product.md#driving-licences), beside the menu entry.
 * Rendered only with that entry, which only examiners see.
 */
export function LicenceDueBadge() {
  const { t } = useTranslation('licences');
  const due = useQuery({
    queryKey: licenceKeys.dueCount,
    queryFn: ({ signal }) => api.get<z.infer<typeof dueCountResponse>>('/api/driving-licences/due-count', { signal }),
    staleTime: 60_000,
  });
  const count = due.data?.dueCount ?? 0;
  if (count === 0) return null;
  return (
    <Badge size="sm" color="orange" variant="filled" circle={count < 10} aria-label={t('dueBadge', { count })} data-licence-due={count}>
      {count}
    </Badge>
  );
}
