import {
  ExternalAccessLinkSchema,
  type ExternalAccessLink,
} from '@referrals/domain/external-access/external-access-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { accessCall, accessQueryKey, type AccessKey } from './access-address';

/**
 * GET referrals/external/?access=: whether the link works and how it may be verified; with a live session
 * the referral as the link shows it too (a reload need not ask again). Any unusable link is a 404.
 */
export function getAccessLink(access: AccessKey, signal?: AbortSignal): Promise<ExternalAccessLink> {
  return accessCall('/api/referrals/external/', access, { schema: ExternalAccessLinkSchema, signal });
}

export function accessLinkQueryOptions(access: AccessKey) {
  return queryOptions({
    queryKey: [...accessQueryKey(access.token), 'link', access.session] as const,
    queryFn: ({ signal }) => getAccessLink(access, signal),
    // A 404 is an answer (the link does not work), not a failure worth asking again.
    retry: false,
    // Every read with a session is an audited read of the referral: read again only when the page says so
    // (after an upload, or a call that found the link gone), not on every mount or focus.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The link of the page; an address without a token names no link, and asks the server nothing. */
export function useAccessLink(access: AccessKey) {
  return useQuery({ ...accessLinkQueryOptions(access), enabled: access.token !== '' });
}
