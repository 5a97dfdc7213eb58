import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

// Shared like useMe: the user menu of every screen signs out.

/**
 * POST /api/session/logout, then a full load of /login whatever the outcome (an expired session is signed out too),
 * or of the identity provider's logout address when a SAML sign-in opened the session: it signs the person out there
 * and sends them back to Buchbar's login page.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true; next?: string }>('/api/session/logout', undefined, { redirectOn401: false }),
    onSettled: (data) => {
      queryClient.clear();
      window.location.assign(data?.next ?? '/login');
    },
  });
}
