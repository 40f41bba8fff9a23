import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';

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
