import type { ErrorResponse } from '@contracts/error';
import { i18n } from './i18n';

/** Every failed API call ends up as an ApiError; `message` is ready to show (the server words it in the user's language). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Status 0: no answer at all (offline, DNS, connection reset). */
export const NETWORK_ERROR_STATUS = 0;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Whether a 401 sends the browser to /login (full page load, so the server
   * remembers the path). Off for sign-in and the public calls, where a 401 is
   * an answer to show, not an expired session.
   */
  redirectOn401?: boolean;
}

let redirecting = false;

function goToLogin(): Promise<never> {
  // on the server (entry-server.tsx) there is no browser to send: the screen renders what it has, the browser asks again
  if (typeof window === 'undefined') throw new ApiError(401, 'unauthorized', i18n.t('errors.unexpected', { status: 401 }));
  if (!redirecting && window.location.pathname !== '/login') {
    redirecting = true;
    window.location.assign('/login');
  }
  // The page is going away: never settle, so no error screen flashes up meanwhile.
  return new Promise<never>(() => {});
}

function isErrorResponse(value: unknown): value is ErrorResponse {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const { body, signal, redirectOn401 = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    // Without a connection (the installed app offline) the message says what needs the network.
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    throw new ApiError(NETWORK_ERROR_STATUS, 'network', i18n.t(offline ? 'errors.offline' : 'errors.network'));
  }

  if (response.status === 401 && redirectOn401) return goToLogin();

  const payload = await readJson(response);
  if (!response.ok) {
    if (isErrorResponse(payload)) throw new ApiError(response.status, payload.error.code, payload.error.message);
    throw new ApiError(response.status, 'http_error', i18n.t('errors.unexpected', { status: response.status }));
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
};
