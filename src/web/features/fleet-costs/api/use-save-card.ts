import type { Card, CardRequest } from '@contracts/fleet-costs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** POST /api/fleet-costs/cards, or PUT …/:id with an id (fleet). */
export function useSaveCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CardRequest }) =>
      id ? api.put<{ card: Card }>(`/api/fleet-costs/cards/${id}`, body) : api.post<{ card: Card }>('/api/fleet-costs/cards', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['fleet-costs', 'cards'] }),
  });
}
