import type { LockerDay } from '@contracts/lockers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { lockerKeys } from './keys';

/** POST /api/lockers/assignments: a chosen locker, or the next free one on a floor plan. */
export function useTakeLocker() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { date: string; lockerId?: string; floorPlanId?: string }) => api.post<LockerDay>('/api/lockers/assignments', body),
    onSuccess: (day) => client.setQueryData(lockerKeys.day(day.day), day),
    onError: () => void client.invalidateQueries({ queryKey: lockerKeys.all }),
  });
}
