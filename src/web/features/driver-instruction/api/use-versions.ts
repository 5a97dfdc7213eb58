import type { fileResponse, InstructionVersionDto, PublishVersionRequest, VersionListDto } from '@contracts/driver-instruction';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@web/lib/api-client';
import type { z } from 'zod';
import { instructionKeys } from './keys';

/** GET /api/driver-instruction/versions: every version, and the vehicle categories a version may be published for. */
export function useVersions(enabled = true) {
  return useQuery({
    queryKey: instructionKeys.versions,
    queryFn: ({ signal }) => api.get<VersionListDto>('/api/driver-instruction/versions', { signal }),
    enabled,
  });
}

/** POST /api/driver-instruction/files (multipart): the PDF of a new version, checked by content on the server. */
async function uploadPdf(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch('/api/driver-instruction/files', { method: 'POST', body: form, credentials: 'same-origin' });
  const body = (await res.json().catch(() => null)) as
    | (z.infer<typeof fileResponse> & { error?: { code: string; message: string } })
    | null;
  if (!res.ok) throw new ApiError(res.status, body?.error?.code ?? 'upload_failed', body?.error?.message ?? `HTTP ${res.status}`);
  return body!.fileId;
}

/** Uploads the PDF (if any), then POST /api/driver-instruction/versions; refreshes everything of the instruction. */
export function usePublishVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, pdf }: { body: Omit<PublishVersionRequest, 'fileId'>; pdf: File | null }) => {
      const fileId = pdf ? await uploadPdf(pdf) : null;
      return api.post<InstructionVersionDto>('/api/driver-instruction/versions', { ...body, fileId });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: instructionKeys.all }),
  });
}
