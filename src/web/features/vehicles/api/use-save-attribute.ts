import type { objectAttribute, saveAttributeRequest } from '@contracts/vehicles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleKeys } from './keys';

export type AttributeInput = z.input<typeof saveAttributeRequest>;

/** POST /api/admin/vehicle-attributes or PUT /api/admin/vehicle-attributes/:id. */
export function useSaveAttribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AttributeInput }) =>
      id
        ? api.put<z.infer<typeof objectAttribute>>(`/api/admin/vehicle-attributes/${id}`, input)
        : api.post<z.infer<typeof objectAttribute>>('/api/admin/vehicle-attributes', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}
