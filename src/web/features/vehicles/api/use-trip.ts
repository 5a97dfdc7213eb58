import type { bookingResponse, CheckInRequest, checkOutRequest, receiptUploadResponse } from '@contracts/vehicles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleKeys } from './keys';

export type CheckOut = z.input<typeof checkOutRequest>;

/** POST /api/vehicle-bookings/:id/check-in (Fahrt starten), with the answers of the check before the trip. */
export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & CheckInRequest) =>
      api.post<z.infer<typeof bookingResponse>>(`/api/vehicle-bookings/${id}/check-in`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}

/** POST /api/vehicle-bookings/:id/check-out (Fahrt beenden). */
export function useCheckOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CheckOut }) =>
      api.post<z.infer<typeof bookingResponse>>(`/api/vehicle-bookings/${id}/check-out`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}

/** POST /api/vehicle-bookings/:id/receipts (multipart): a damage photo or receipt. */
export async function uploadReceipt(bookingId: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`/api/vehicle-bookings/${bookingId}/receipts`, { method: 'POST', body: form, credentials: 'same-origin' });
  const body = (await res.json().catch(() => null)) as
    | (z.infer<typeof receiptUploadResponse> & { error?: { code: string; message: string } })
    | null;
  if (!res.ok) throw new ApiError(res.status, body?.error?.code ?? 'upload_failed', body?.error?.message ?? `HTTP ${res.status}`);
  return body!.receiptId;
}
