import { describe, expect, it, vi } from 'vitest';
import { TOKEN_REFRESH_RETRY_DELAY_MS } from '@referrals/domain/constants';
import { createApiClient, type ApiClientAuth } from './api-client';
import { ApiError } from './api-error';
import { singleFlight } from './auth/single-flight';

function respond(status: number, body?: unknown) {
  const fetch = vi.fn<typeof globalThis.fetch>(() =>
    Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status })),
  );
  const onServerError = vi.fn();
  return { fetch, onServerError, client: createApiClient({ fetch, onServerError }) };
}

describe('apiClient', () => {
  it('sends JSON with the query string and returns the decoded answer', async () => {
    const { fetch, client } = respond(200, { ok: true });
    const result = await client('/api/referrals/', {
      method: 'POST',
      body: { type: 'IN-APP' },
      query: { page: 2, status: undefined },
    });
    expect(result).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/referrals/?page=2');
    expect(init?.body).toBe('{"type":"IN-APP"}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends FormData as multipart without a JSON content type', async () => {
    const { fetch, client } = respond(202, { detail: 'Image received.', url: '/x' });
    const form = new FormData();
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'sig.png');
    await client('/api/profile/signature-image/', { method: 'POST', body: form });
    const [, init] = fetch.mock.calls[0] ?? [];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('answers a Blob when asked for one', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(new Response(new Blob(['img'], { type: 'image/png' }), { status: 200 })),
    );
    const client = createApiClient({ fetch, onServerError: vi.fn() });
    const blob = await client<Blob>('/api/profile/avatar-image/', { responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe('img');
  });

  it('sends the call’s own headers, and reads a 429’s Retry-After', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(
        new Response(JSON.stringify({ detail: 'Wait a minute.' }), {
          status: 429,
          headers: { 'Retry-After': '42' },
        }),
      ),
    );
    const client = createApiClient({ fetch, onServerError: vi.fn() });
    const error = await client('/api/public/x/', { headers: { 'X-Draft-Token': 'secret' } }).catch(
      (e: unknown) => e,
    );
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ 'X-Draft-Token': 'secret' });
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).retryAfter).toBe(42);
  });

  it('answers undefined for 204', async () => {
    const { client } = respond(204);
    await expect(client('/api/patients/1/', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('turns a 400 into an ApiError with field errors and no toast', async () => {
    const { client, onServerError } = respond(400, { first_name: ['This field is required.'] });
    const error = await client('/api/patients/', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).fieldErrors).toEqual({ first_name: ['This field is required.'] });
    expect(onServerError).not.toHaveBeenCalled();
  });

  it('reports a 5xx once and still throws it', async () => {
    const { client, onServerError } = respond(500, { detail: 'Internal error', request_id: 'r1' });
    const error = await client('/api/profile/').catch((e: unknown) => e);
    expect((error as ApiError).detail).toBe('Internal error');
    expect(onServerError).toHaveBeenCalledTimes(1);
  });

  it('validates the answer with a schema when given', async () => {
    const { client } = respond(200, { count: 'many' });
    const schema = {
      parse: (data: unknown) => {
        if (typeof (data as { count?: unknown }).count !== 'number') throw new Error('bad count');
        return data as { count: number };
      },
    };
    await expect(client('/api/stats/', { schema })).rejects.toThrow('bad count');
  });
});

describe('apiClient sign-in handling', () => {
  /** A server that accepts only the current token, and an auth whose refresh issues the next one. */
  function signedIn(options: { refreshSucceeds?: boolean } = {}) {
    let token = 'token-1';
    let issued = 1;
    let current: string | null = token;
    const fetch = vi.fn<typeof globalThis.fetch>((_url, init) => {
      const headers = init?.headers as Record<string, string>;
      const ok = headers.Authorization === `Bearer ${token}`;
      return Promise.resolve(
        ok
          ? new Response(JSON.stringify({ ok: true }), { status: 200 })
          : new Response(JSON.stringify({ detail: 'Unauthorized' }), { status: 401 }),
      );
    });
    const refreshTask = vi.fn(async () => {
      await Promise.resolve();
      if (options.refreshSucceeds === false) return false;
      issued += 1;
      current = `token-${issued}`;
      return true;
    });
    const auth: ApiClientAuth = {
      getAccessToken: () => current,
      refresh: singleFlight(refreshTask),
      onSessionLost: vi.fn(),
      delay: vi.fn(() => Promise.resolve()),
    };
    const client = createApiClient({ fetch, onServerError: vi.fn(), auth });
    const expireToken = () => {
      token = 'token-2';
    };
    return { fetch, auth, refreshTask, client, expireToken };
  }

  it('sends the bearer token', async () => {
    const { client, fetch } = signedIn();
    await expect(client('/api/profile/')).resolves.toEqual({ ok: true });
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer token-1' });
  });

  it('refreshes once on a 401 and retries after the delay with the new token', async () => {
    const { client, fetch, auth, refreshTask, expireToken } = signedIn();
    expireToken();

    await expect(client('/api/profile/')).resolves.toEqual({ ok: true });

    expect(refreshTask).toHaveBeenCalledTimes(1);
    expect(auth.delay).toHaveBeenCalledWith(TOKEN_REFRESH_RETRY_DELAY_MS);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer token-2' });
    expect(auth.onSessionLost).not.toHaveBeenCalled();
  });

  it('shares one refresh between calls that get a 401 at the same time', async () => {
    const { client, refreshTask, expireToken } = signedIn();
    expireToken();

    const answers = await Promise.all([client('/api/a/'), client('/api/b/'), client('/api/c/')]);

    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refreshTask).toHaveBeenCalledTimes(1);
  });

  it('hands over to the login when the refresh fails, and still throws the 401', async () => {
    const { client, auth, expireToken } = signedIn({ refreshSucceeds: false });
    expireToken();

    const error = await client('/api/profile/').catch((e: unknown) => e);

    expect((error as ApiError).status).toBe(401);
    expect(auth.onSessionLost).toHaveBeenCalledTimes(1);
    expect(auth.delay).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 is thrown without another refresh', async () => {
    const { client, auth, refreshTask, fetch } = signedIn();
    auth.getAccessToken = () => 'never-valid';

    const error = await client('/api/profile/').catch((e: unknown) => e);

    expect((error as ApiError).status).toBe(401);
    expect(refreshTask).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('leaves a 401 alone when the call opts out of refreshing', async () => {
    const { client, auth, refreshTask, expireToken } = signedIn();
    expireToken();

    const error = await client('/api/profile/logout/', {
      method: 'POST',
      refreshOnUnauthorized: false,
    }).catch((e: unknown) => e);

    expect((error as ApiError).status).toBe(401);
    expect(refreshTask).not.toHaveBeenCalled();
    expect(auth.onSessionLost).not.toHaveBeenCalled();
  });
});
