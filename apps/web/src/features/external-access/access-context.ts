import type { ExternalReferralView } from '@referrals/domain/external-access/external-access-schemas';
import { createContext, useContext, useEffect } from 'react';
import { ApiError } from '@/lib/api-error';
import type { AccessKey } from './api/access-address';

/** What a page behind the verification gate works with: its verified link and the referral it shows. */
export type VerifiedAccess = {
  access: AccessKey & { session: string };
  referral: ExternalReferralView;
  /** The server answered 401 SESSION_NEEDED: forget the session and ask the questions again. */
  sessionLapsed: () => void;
  /** Read the link again: what it shows changed (an upload), or a call found the link gone (404). */
  reload: () => Promise<void>;
};

export const AccessContext = createContext<VerifiedAccess | null>(null);

/** The verified link of the page; only the gate's children call it. */
export function useVerifiedAccess(): VerifiedAccess {
  const value = useContext(AccessContext);
  if (value === null) throw new Error('useVerifiedAccess is used outside the AccessGate');
  return value;
}

/** A call refused because the session lapsed (401 SESSION_NEEDED): the page asks the questions again. */
export const isSessionNeeded = (error: unknown) => error instanceof ApiError && error.status === 401;
/** A call through a link that no longer works (expired, locked): the 404 of a missing one. */
export const isLinkGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * Hands a failed call to the gate when it is about the link rather than the call: a lapsed session asks
 * again; a link gone (`linkCall`: calls whose only 404 is the link's) shows the lock. Answers whether it did.
 */
export function useAccessFailure(): (error: unknown, options?: { linkCall?: boolean }) => boolean {
  const { sessionLapsed, reload } = useVerifiedAccess();
  return (error, options = {}) => {
    if (isSessionNeeded(error)) {
      sessionLapsed();
      return true;
    }
    if (options.linkCall === true && isLinkGone(error)) {
      void reload();
      return true;
    }
    return false;
  };
}

/** useAccessFailure for a query of the link's own (every 404 is the link's): acts once per failure. */
export function useQueryAccessFailure(error: unknown) {
  const handle = useAccessFailure();
  useEffect(() => {
    if (error !== null && error !== undefined) handle(error, { linkCall: true });
    // Once per error: `handle` is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
}
