import type { LockerDay } from '@contracts/lockers';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { lockerKeys } from './keys';

/** GET /api/lockers?date= */
export function useLockerDay(day: string) {
  return useQuery({
    queryKey: lockerKeys.day(day),
    queryFn: ({ signal }) => api.get<LockerDay>(`/api/lockers?date=${encodeURIComponent(day)}`, { signal }),
  });
}
