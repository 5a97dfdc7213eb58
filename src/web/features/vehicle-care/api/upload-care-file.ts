import type { careFileResponse } from '@contracts/vehicle-care';
import { ApiError } from '@web/lib/api-client';
import type { z } from 'zod';

/** POST /api/vehicles/:id/care-files (multipart): a damage photo or service receipt, checked by content on the server. */
export async function uploadCareFile(vehicleId: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`/api/vehicles/${vehicleId}/care-files`, { method: 'POST', body: form, credentials: 'same-origin' });
  const body = (await res.json().catch(() => null)) as
    | (z.infer<typeof careFileResponse> & { error?: { code: string; message: string } })
    | null;
  if (!res.ok) throw new ApiError(res.status, body?.error?.code ?? 'upload_failed', body?.error?.message ?? `HTTP ${res.status}`);
  return body!.fileId;
}
