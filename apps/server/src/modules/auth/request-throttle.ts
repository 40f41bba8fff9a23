import type { Queryable } from '../../db/database.ts';
import { hitBucket, type BucketHit } from '../rate-limits/rate-limit-buckets.ts';

/** How often an account, and an address, may ask for something within `windowMinutes`. */
export type ThrottleRule = {
  /** Names this rule's buckets, apart from every other rule's. */
  name: string;
  perAccount: number;
  perIp: number;
  windowMinutes: number;
};

/** Requests that send mail: a reset link per address, or a sign-up per address. */
export const PASSWORD_RESET_LIMITS: ThrottleRule = {
  name: 'password-reset',
  perAccount: 5,
  perIp: 20,
  windowMinutes: 15,
};
export const SIGN_UP_LIMITS: ThrottleRule = { name: 'sign-up', perAccount: 5, perIp: 20, windowMinutes: 15 };
/** Sending account-link codes, and guessing them: a 6-digit code must not be brute-forced. */
export const ACCOUNT_LINK_LIMITS: ThrottleRule = {
  name: 'account-link',
  perAccount: 5,
  perIp: 20,
  windowMinutes: 15,
};
export const RESEND_VERIFICATION_LIMITS: ThrottleRule = {
  name: 'resend-verification',
  perAccount: 5,
  perIp: 20,
  windowMinutes: 15,
};

export type Requester = { account: string; ip: string };

/** The bucket keys of a rule for an account (known or not, by its normalised email) and an address. */
export function throttleKeys(rule: ThrottleRule, who: Requester): { account: string; ip: string } {
  return {
    account: `${rule.name}:account:${who.account.trim().toLowerCase()}`,
    ip: `${rule.name}:ip:${who.ip}`,
  };
}

/**
 * Counts this request against the account and the address together, before any work is done, and answers
 * both hits: a request is throttled when either bucket is full.
 */
export async function hitAccountAndAddress(
  q: Queryable,
  rule: ThrottleRule,
  who: Requester,
): Promise<{ account: BucketHit; ip: BucketHit }> {
  const keys = throttleKeys(rule, who);
  const window = { drainMinutes: rule.windowMinutes };
  return {
    account: await hitBucket(q, keys.account, { ...window, capacity: rule.perAccount }),
    ip: await hitBucket(q, keys.ip, { ...window, capacity: rule.perIp }),
  };
}

/**
 * Counts a request that sends mail (every one counts, not only failures: each can email someone) and
 * answers whether the account or the address has asked too often.
 */
export async function countRequest(
  q: Queryable,
  rule: ThrottleRule,
  who: Requester,
): Promise<{ throttled: boolean }> {
  const hits = await hitAccountAndAddress(q, rule, who);
  return { throttled: !hits.account.allowed || !hits.ip.allowed };
}
