import type { InstructionDriverListDto, InstructionHistoryDto, RecordInstructionRequest } from '@contracts/driver-instruction';
import type { InstructionState } from '@domain/driver-instruction';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { licenceKeys } from '@web/lib/licence-keys';
import { instructionKeys } from './keys';

export interface DriverParams {
  category: string;
  q: string;
  states: InstructionState[];
  page: number;
  pageSize: number;
}

/** The query string of the list and of its export (without paging). */
export function driverSearch(p: Omit<DriverParams, 'page' | 'pageSize'> & Partial<Pick<DriverParams, 'page' | 'pageSize'>>) {
  const search = new URLSearchParams();
  if (p.category) search.set('category', p.category);
  if (p.q.trim()) search.set('q', p.q.trim());
  if (p.states.length) search.set('state', p.states.join(','));
  if (p.page) search.set('page', String(p.page));
  if (p.pageSize) search.set('pageSize', String(p.pageSize));
  return search.toString();
}

/** GET /api/driver-instruction/drivers: one page of a topic's drivers with their state (filter and paging on the server). */
export function useInstructionDrivers(p: DriverParams) {
  return useQuery({
    queryKey: instructionKeys.drivers(p),
    queryFn: ({ signal }) => api.get<InstructionDriverListDto>(`/api/driver-instruction/drivers?${driverSearch(p)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/driver-instruction/drivers/:userId/instructions. */
export function useInstructionHistory(userId: string | null) {
  return useQuery({
    queryKey: instructionKeys.history(userId ?? ''),
    queryFn: ({ signal }) => api.get<InstructionHistoryDto>(`/api/driver-instruction/drivers/${userId}/instructions`, { signal }),
    enabled: userId !== null,
  });
}

/** POST /api/driver-instruction/drivers/:userId/instructions; refreshes the list, the history and the licence list. */
export function useRecordInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: RecordInstructionRequest }) =>
      api.post<InstructionHistoryDto>(`/api/driver-instruction/drivers/${userId}/instructions`, body),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: instructionKeys.all });
      await queryClient.invalidateQueries({ queryKey: licenceKeys.all });
    },
  });
}
