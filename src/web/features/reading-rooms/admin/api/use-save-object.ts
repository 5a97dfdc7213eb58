import type { AdminObjectDto, objectRequest } from '@contracts/reading-rooms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { bookingScreens, roomAdminKeys } from './keys';

export type ObjectInput = z.input<typeof objectRequest>;

/** POST /api/admin/reading-rooms/objects or PATCH …/objects/:id */
export function useSaveObject(planId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: Partial<ObjectInput> & { id?: string }) =>
      (id
        ? api.patch<{ object: AdminObjectDto }>(`/api/admin/reading-rooms/objects/${id}`, { ...body, floorPlanId: undefined })
        : api.post<{ object: AdminObjectDto }>('/api/admin/reading-rooms/objects', { ...body, floorPlanId: planId })
      ).then((r) => r.object),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: roomAdminKeys.objects(planId) }),
        qc.invalidateQueries({ queryKey: roomAdminKeys.plans }),
        qc.invalidateQueries({ queryKey: bookingScreens }),
      ]),
  });
}
