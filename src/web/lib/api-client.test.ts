import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client';

function respond(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status })),
  );
}

function fakeLocation(pathname: string) {
  const assign = vi.fn();
  vi.stubGlobal('window', { location: { pathname, assign } });
  return assign;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('returns the JSON body of a success', async () => {
    respond(200, { ok: true });
    await expect(api.get('/api/x')).resolves.toEqual({ ok: true });
  });

  it("throws the server's code and message as an ApiError", async () => {
    respond(429, { error: { code: 'rate_limited', message: 'Zu viele Versuche' } });
    const error = await api.post('/api/session/login', {}, { redirectOn401: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', message: 'Zu viele Versuche' });
  });

  it('answers a 401 of an ordinary call with a full page load of /login, and never settles', async () => {
    const assign = fakeLocation('/admin/benutzer');
    respond(401, { error: { code: 'unauthenticated', message: 'Nicht angemeldet' } });
    const settled = vi.fn();
    void api.get('/api/users').then(settled, settled);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).not.toHaveBeenCalled();
  });

  it('shows a 401 of the sign-in itself as an error instead of redirecting', async () => {
    const assign = fakeLocation('/login');
    respond(401, { error: { code: 'invalid_credentials', message: 'E-Mail oder Passwort ist falsch.' } });
    await expect(api.post('/api/session/login', {}, { redirectOn401: false })).rejects.toMatchObject({
      status: 401,
      message: 'E-Mail oder Passwort ist falsch.',
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('reports no answer at all as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});
