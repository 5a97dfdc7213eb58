import type { createKioskLinkResponse, kioskLinksResponse } from '@contracts/reading-rooms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@web/lib/api-client';
import type { z } from 'zod';
import { roomAdminKeys } from './keys';

/** GET /api/admin/kiosk-links */
export function useKioskLinks() {
  return useQuery({
    queryKey: roomAdminKeys.kiosk,
    queryFn: ({ signal }) => api.get<z.infer<typeof kioskLinksResponse>>('/api/admin/kiosk-links', { signal }),
  });
}

/** POST /api/admin/kiosk-links (the token comes back once) and DELETE /api/admin/kiosk-links/:id */
export function useSaveKioskLink() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: roomAdminKeys.kiosk });
  return {
    create: useMutation({
      mutationFn: (body: { floorPlanId: string; name: string }) =>
        api.post<z.infer<typeof createKioskLinkResponse>>('/api/admin/kiosk-links', body),
      onSuccess: done,
    }),
    revoke: useMutation({ mutationFn: (id: string) => request('DELETE', `/api/admin/kiosk-links/${id}`), onSuccess: done }),
  };
}
