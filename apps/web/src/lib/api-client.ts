import { ApiError } from './api-error';
import { getRuntimeConfig } from './runtime-config';
import { showServerErrorToast } from './server-error-toast';

type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Appended as the query string; null and undefined values are left out. */
  query?: Readonly<Record<string, QueryValue>>;
  signal?: AbortSignal;
  /** Validates the answer, typically a zod schema from domain; without it the answer is trusted as T. */
  schema?: { parse(data: unknown): T };
};

type ApiClientDependencies = {
  fetch: typeof fetch;
  /** Called once per 5xx answer, before the ApiError is thrown. */
  onServerError: (error: ApiError) => void;
};

export type ApiClient = <T = unknown>(path: string, options?: ApiRequestOptions<T>) => Promise<T>;

function withQuery(path: string, query: ApiRequestOptions<unknown>['query']): string {
  if (query === undefined) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

async function readBody(response: Response): Promise<unknown> {
  // 204 (deletes) and empty 202s have no body; an HTML error page from a proxy is kept as text.
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one fetch wrapper of the web app (house-style.md, Web): JSON in and out, non-2xx answers as a typed
 * ApiError, and the Server error toast on 5xx (spec section 8). The bearer token and the 401
 * refresh-and-retry arrive with sign-in.
 */
export function createApiClient({ fetch, onServerError }: ApiClientDependencies): ApiClient {
  return async <T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(withQuery(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    const body = await readBody(response);
    if (!response.ok) {
      const error = new ApiError(response.status, body);
      if (error.isServerError) onServerError(error);
      throw error;
    }
    return options.schema ? options.schema.parse(body) : (body as T);
  };
}

export const apiClient: ApiClient = createApiClient({
  // Bound lazily so tests and later wrappers (token refresh) see the current global fetch.
  fetch: (input, init) => fetch(input, init),
  onServerError: () => showServerErrorToast(getRuntimeConfig().supportEmail),
});
