import { TOKEN_REFRESH_RETRY_DELAY_MS } from '@referrals/domain/constants';
import { ApiError } from './api-error';
import { isPublicScreen } from './auth/public-screens';
import { getAccessToken, isSigningOut, noteServerContact, refreshSession, startSignIn } from './auth/session';
import { isMaintenanceAnswer, noticeMaintenance } from './maintenance-notice';
import { getRuntimeConfig } from './runtime-config';
import { showServerErrorToast } from './server-error-toast';

type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData body is sent as multipart/form-data (image uploads). */
  body?: unknown;
  /** 'blob' answers the body as a Blob (images behind the bearer token); JSON otherwise. */
  responseType?: 'json' | 'blob';
  /** Appended as the query string; null and undefined values are left out. */
  query?: Readonly<Record<string, QueryValue>>;
  signal?: AbortSignal;
  /** Headers of this call, e.g. a public portal draft's X-Draft-Token (the secret that opens the draft). */
  headers?: Readonly<Record<string, string>>;
  /** Validates the answer, typically a zod schema from domain; without it the answer is trusted as T. */
  schema?: { parse(data: unknown): T };
  /**
   * False for calls whose 401 must not refresh and restart the login, e.g. the logout call itself,
   * which may well find the session already ended.
   */
  refreshOnUnauthorized?: boolean;
};

/** How the client signs its calls and recovers from a 401 (spec section 8). */
export type ApiClientAuth = {
  getAccessToken: () => string | null;
  /** A new access token; false when the session has ended. Concurrent callers must share one refresh. */
  refresh: () => Promise<boolean>;
  /** The refresh failed: the user has to sign in again. */
  onSessionLost: () => void;
  /** Waits before the retry after a refresh. */
  delay: (ms: number) => Promise<void>;
};

type ApiClientDependencies = {
  fetch: typeof fetch;
  /** Called once per 5xx answer, before the ApiError is thrown. */
  onServerError: (error: ApiError) => void;
  auth?: ApiClientAuth;
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

/** A 429's Retry-After in seconds (the delta form; an HTTP date is not used by our server). */
function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get('Retry-After')?.trim();
  const value = header ? Number(header) : Number.NaN;
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * The one fetch wrapper of the web app (house-style.md, Web): JSON in and out with the bearer token,
 * non-2xx answers as a typed ApiError, and the Server error toast on 5xx. A 401 refreshes the token once
 * and retries after TOKEN_REFRESH_RETRY_DELAY_MS; a failed refresh hands over to onSessionLost (spec
 * section 8).
 */
export function createApiClient({ fetch, onServerError, auth }: ApiClientDependencies): ApiClient {
  return async <T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> => {
    const send = () => {
      const multipart = options.body instanceof FormData;
      const headers: Record<string, string> = {
        ...options.headers,
        Accept: options.responseType === 'blob' ? '*/*' : 'application/json',
      };
      // The browser writes the multipart Content-Type itself, with the boundary.
      if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
      // Read on every attempt: the retry must carry the token the refresh just brought.
      const token = auth?.getAccessToken() ?? null;
      if (token !== null) headers.Authorization = `Bearer ${token}`;
      return fetch(withQuery(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: multipart
          ? (options.body as FormData)
          : options.body === undefined
            ? undefined
            : JSON.stringify(options.body),
        signal: options.signal,
      });
    };

    let response = await send();
    if (response.status === 401 && auth !== undefined && options.refreshOnUnauthorized !== false) {
      if (await auth.refresh()) {
        await auth.delay(TOKEN_REFRESH_RETRY_DELAY_MS);
        response = await send();
      } else {
        auth.onSessionLost();
      }
    }
    if (response.ok && options.responseType === 'blob') return (await response.blob()) as T;
    const body = await readBody(response);
    if (!response.ok) {
      const error = new ApiError(response.status, body, retryAfterSeconds(response));
      if (error.isServerError) onServerError(error);
      throw error;
    }
    return options.schema ? options.schema.parse(body) : (body as T);
  };
}

export const apiClient: ApiClient = createApiClient({
  // Bound lazily so tests see the current global fetch.
  fetch: async (input, init) => {
    const response = await fetch(input, init);
    // The server counts authenticated calls as activity; the keep-alive need not refresh after one.
    if (response.status !== 401 && getAccessToken() !== null) noteServerContact();
    return response;
  },
  // An outside system's failure (a 502, e.g. the clinical record's) is said by the screen that called it;
  // the service down for maintenance by the maintenance page, or the administrators' banner.
  onServerError: (error) => {
    if (isMaintenanceAnswer(error)) noticeMaintenance();
    else if (!error.isOutsideSystemError) showServerErrorToast(getRuntimeConfig().supportEmail);
  },
  auth: {
    getAccessToken,
    refresh: refreshSession,
    onSessionLost: () => {
      const { pathname, search, hash } = window.location;
      if (isPublicScreen(pathname) || isSigningOut()) return;
      startSignIn({ returnTo: `${pathname}${search}${hash}` }).catch((error: unknown) => {
        console.error('Could not start the sign-in', error);
      });
    },
    delay: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
  },
});
