import type { removalPreview } from '@contracts/access-admin';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';

export type RemovalPreview = z.infer<typeof removalPreview>;

/** GET /api/admin/{roles|groups}/:id/removal-preview: who loses which right; asked right before a deletion. */
export function fetchRemovalPreview(kind: 'roles' | 'groups', id: string): Promise<RemovalPreview> {
  return api.get<RemovalPreview>(`/api/admin/${kind}/${encodeURIComponent(id)}/removal-preview`);
}
