import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, request } from '@web/lib/api-client';
import { licenceKeys } from '@web/lib/licence-keys';

/** Where an examiner opens a check's scan (the server answers only examiners, never cached). */
export const scanUrl = (checkId: string) => `/api/driving-licences/checks/${checkId}/scan`;

/**
 * POST (multipart, png/jpg/pdf, checked by content on the server) and DELETE
 * of a check's scan; both refresh the person's history.
 */
export function useLicenceScan() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: licenceKeys.all });
  const upload = useMutation({
    mutationFn: async ({ checkId, file }: { checkId: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      const res = await fetch(scanUrl(checkId), { method: 'POST', body: form, credentials: 'same-origin' });
      const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
      if (!res.ok) throw new ApiError(res.status, body?.error?.code ?? 'http_error', body?.error?.message ?? `HTTP ${res.status}`);
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: ({ checkId }: { checkId: string }) => request<{ hasScan: boolean }>('DELETE', scanUrl(checkId)),
    onSettled: refresh,
  });
  return { upload, remove };
}
