import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

// Shared like useMe: the user menu of every screen signs out.

/** POST /api/session/logout, then a full load of /login whatever the outcome (an expired session is signed out too). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>('/api/session/logout', undefined, { redirectOn401: false }),
    onSettled: () => {
      queryClient.clear();
      window.location.assign('/login');
    },
  });
}
