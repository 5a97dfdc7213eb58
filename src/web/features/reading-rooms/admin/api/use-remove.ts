import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@web/lib/api-client';
import { bookingScreens, roomAdminKeys } from './keys';
import { type RemovalSubject, removalPath } from './use-removal-preview';

/** DELETE …/objects/:id or …/floor-plans/:id (refused with 409 once anything was booked). */
export function useRemove() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (subject: RemovalSubject) => request('DELETE', removalPath(subject)),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: roomAdminKeys.all }), qc.invalidateQueries({ queryKey: bookingScreens })]),
  });
}
