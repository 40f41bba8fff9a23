import {
  ACCESS_SESSION_HEADER,
  ACCESS_TOKEN_PARAM,
} from '@referrals/domain/external-access/external-access-schemas';
import { apiClient, type ApiRequestOptions } from '@/lib/api-client';

/**
 * A page's access link as the calls need it: the link's token (`?access=`) and, once verified, the session
 * secret for X-Access-Session (docs/external-access.md). The session opens only its own link.
 */
export type AccessKey = { token: string; session: string | null };

/** Which path verifies and renews: the reports page has its own (spec section 7 Reports), the same calls. */
export type AccessBase = 'referrals' | 'reports';

export const accessBasePath = (base: AccessBase) => `/api/${base}/external/`;

/** The query key every call through one link starts with, so a new session refetches them all. */
export const accessQueryKey = (token: string) => ['external-access', token] as const;

/**
 * A call through a link: the token in the query, the session in its header. A 401 here is the link's own
 * SESSION_NEEDED, never the signed-in user's token: the client must not refresh or send anyone to the login
 * (spec section 8, public screens).
 */
export function accessCall<T>(
  path: string,
  access: AccessKey,
  options: Omit<ApiRequestOptions<T>, 'headers' | 'refreshOnUnauthorized'> = {},
): Promise<T> {
  return apiClient<T>(path, {
    ...options,
    query: { ...options.query, [ACCESS_TOKEN_PARAM]: access.token },
    headers: access.session === null ? {} : { [ACCESS_SESSION_HEADER]: access.session },
    refreshOnUnauthorized: false,
  });
}
