import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { bookingScreens, roomAdminKeys } from './keys';
import { type RemovalSubject, removalPath } from './use-removal-preview';

/** PUT …/objects/:id/active or …/floor-plans/:id/active → how many open bookings were cancelled. */
export function useSetActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ active, ...subject }: RemovalSubject & { active: boolean }) =>
      api.put<{ cancelledBookings: number }>(`${removalPath(subject)}/active`, { active }).then((r) => r.cancelledBookings),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: roomAdminKeys.all }), qc.invalidateQueries({ queryKey: bookingScreens })]),
  });
}
