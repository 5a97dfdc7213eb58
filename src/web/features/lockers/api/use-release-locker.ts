import type { LockerDay } from '@contracts/lockers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@web/lib/api-client';
import { lockerKeys } from './keys';

/** DELETE /api/lockers/assignments/:id */
export function useReleaseLocker() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: string) => request<LockerDay>('DELETE', `/api/lockers/assignments/${encodeURIComponent(assignmentId)}`),
    onSuccess: (day) => client.setQueryData(lockerKeys.day(day.day), day),
  });
}
