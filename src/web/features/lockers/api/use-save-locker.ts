import type { LockerDto } from '@contracts/lockers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { lockerKeys } from './keys';

/** POST /api/admin/lockers (new) or PATCH /api/admin/lockers/:id (change, out of service). */
export function useSaveLocker() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { id?: undefined; floorPlanId: string; number: string; posX: number; posY: number }
        | { id: string; number?: string; posX?: number; posY?: number; active?: boolean },
    ) => {
      if (input.id === undefined) return api.post<{ locker: LockerDto }>('/api/admin/lockers', input);
      const { id, ...patch } = input;
      return api.patch<{ locker: LockerDto }>(`/api/admin/lockers/${encodeURIComponent(id)}`, patch);
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: lockerKeys.all }),
  });
}
