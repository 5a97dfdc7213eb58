import type { OwnPasskey, okResponse } from '@contracts/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@web/lib/api-client';
import type { z } from 'zod';
import type { LoginResponse } from './use-login';

type Ok = z.infer<typeof okResponse>;
const SECURITY_KEY = ['session', 'security'] as const;

/**
 * The browser side of the WebAuthn ceremonies (decision 145), loaded only when
 * a person actually uses a passkey, so the login page's first load stays small.
 */
const webAuthn = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * What a failed passkey step means for the person: the server's own message
 * (already in their language), the prompt closed, or the browser refusing;
 * the browser's English texts are never shown.
 */
export function passkeyProblem(error: unknown): { kind: 'server'; message: string } | { kind: 'cancelled' | 'browser' } {
  if (isApiError(error)) return { kind: 'server', message: error.message };
  const e = error as { name?: unknown; code?: unknown; cause?: { name?: unknown } } | null;
  const names = [e?.name, e?.cause?.name];
  if (e?.code === 'ERROR_CEREMONY_ABORTED' || names.includes('NotAllowedError') || names.includes('AbortError'))
    return { kind: 'cancelled' };
  return { kind: 'browser' };
}

/** Sign-in with a passkey: challenge, the browser's prompt, answer. A 401 is the one generic refusal, shown on the form. */
export function usePasskeyLogin() {
  return useMutation({
    mutationFn: async () => {
      const { startAuthentication } = await webAuthn();
      const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        '/api/session/passkey/options',
        {},
        { redirectOn401: false },
      );
      const response = await startAuthentication({ optionsJSON });
      return api.post<LoginResponse>('/api/session/passkey/login', { response }, { redirectOn401: false });
    },
  });
}

/** Adds a passkey: password (re-authentication), the browser's prompt, the answer stored under the given name. */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ password, name }: { password: string; name: string }) => {
      const { startRegistration } = await webAuthn();
      const optionsJSON = await api.post<Parameters<typeof startRegistration>[0]['optionsJSON']>('/api/session/passkeys/options', {
        password,
      });
      const response = await startRegistration({ optionsJSON });
      return api.post<OwnPasskey>('/api/session/passkeys', { response, ...(name.trim() ? { name: name.trim() } : {}) });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: SECURITY_KEY }),
  });
}

export function useRenamePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, password }: { id: string; name: string; password: string }) =>
      api.patch<Ok>(`/api/session/passkeys/${encodeURIComponent(id)}`, { name, password }),
    onSuccess: () => client.invalidateQueries({ queryKey: SECURITY_KEY }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      api.post<Ok>(`/api/session/passkeys/${encodeURIComponent(id)}/remove`, { password }),
    onSuccess: () => client.invalidateQueries({ queryKey: SECURITY_KEY }),
  });
}
