import type { FloorPlanDto } from '@contracts/reading-rooms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';
import { bookingScreens, roomAdminKeys } from './keys';

/** PUT /api/admin/reading-rooms/floor-plans/:id/image (multipart, png/jpg). */
export function useUploadPlanImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      const res = await fetch(`/api/admin/reading-rooms/floor-plans/${id}/image`, {
        method: 'PUT',
        body: form,
        credentials: 'same-origin',
      });
      const body = (await res.json().catch(() => null)) as { floorPlan?: FloorPlanDto; error?: { code: string; message: string } } | null;
      if (!res.ok) throw new ApiError(res.status, body?.error?.code ?? 'http_error', body?.error?.message ?? `HTTP ${res.status}`);
      return body!.floorPlan!;
    },
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: roomAdminKeys.plans }), qc.invalidateQueries({ queryKey: bookingScreens })]),
  });
}
