import { vi } from 'vitest';

/** What a fake route answers: a status and a JSON body, or a function of the request's JSON body and query. */
export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> };
type FakeRoute = FakeAnswer | ((body: unknown, query: URLSearchParams) => FakeAnswer);

/** One call the app made, as the fake server saw it. */
export type FakeCall = {
  method: string;
  path: string;
  /** The query string, with its '?', or '' (e.g. '?validate=true' for a dry run). */
  search: string;
  body: unknown;
  authorization: string | null;
  /** Every request header, by lower-case name (a portal draft's x-draft-token). */
  headers: Record<string, string>;
};

/**
 * A fake of the server at the network boundary: the app's own API client, query hooks and forms run as in
 * the browser, and each `'METHOD /path'` answers what the test says. A call to anything else fails the
 * test loudly rather than hanging.
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const address = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(address, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const body: unknown = text === undefined ? undefined : JSON.parse(text);
    const headers = new Headers(init?.headers);
    calls.push({
      method,
      path: url.pathname,
      search: url.search,
      body,
      authorization: headers.get('Authorization'),
      headers: Object.fromEntries(headers.entries()),
    });
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) {
      return Promise.reject(new Error(`The fake API has no ${method} ${url.pathname}`));
    }
    const answer = typeof route === 'function' ? route(body, url.searchParams) : route;
    return Promise.resolve(
      new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json', ...answer.headers },
      }),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** The calls to one route, in order. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}
