import type { enrolmentStart, okResponse, recoveryCodes, SecurityOverview, secondFactorLoginRequest } from '@contracts/session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@web/lib/api-client';
import { meQueryKey } from '@web/lib/use-me';
import type { z } from 'zod';
import type { LoginResponse } from './use-login';

const SECURITY_KEY = ['session', 'security'] as const;
type Ok = z.infer<typeof okResponse>;

/** GET /api/session/security: second factor on or off and the own open sessions. */
export function useSecurity() {
  return useQuery({ queryKey: SECURITY_KEY, queryFn: () => api.get<SecurityOverview>('/api/session/security') });
}

/** After a change of the factor the session is renewed; reload what depends on it. */
function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: SECURITY_KEY }), client.invalidateQueries({ queryKey: meQueryKey })]);
}

export function useStartEnrolment() {
  return useMutation({
    mutationFn: (password: string) => api.post<z.infer<typeof enrolmentStart>>('/api/session/two-factor/enrol', { password }),
  });
}

export function useConfirmEnrolment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) => api.post<Ok>('/api/session/two-factor/confirm', { code }),
    onSuccess: refresh,
  });
}

export function useDisableSecondFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (password: string) => api.post<Ok>('/api/session/two-factor/disable', { password }),
    onSuccess: refresh,
  });
}

export function useRenewRecoveryCodes() {
  return useMutation({
    mutationFn: (password: string) => api.post<z.infer<typeof recoveryCodes>>('/api/session/two-factor/recovery-codes', { password }),
  });
}

export function useEndSession() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => request<Ok>('DELETE', `/api/session/sessions/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}

/** POST /api/session/login/code: the second sign-in step. A 401 is the generic refusal, shown on the form. */
export function useLoginCode() {
  return useMutation({
    mutationFn: (body: z.input<typeof secondFactorLoginRequest>) =>
      api.post<LoginResponse>('/api/session/login/code', body, { redirectOn401: false }),
  });
}
