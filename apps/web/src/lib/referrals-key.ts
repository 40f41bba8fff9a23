/**
 * Every referral query sits under this key, so one invalidation after an action refreshes lists, counts
 * and pages. Its own module: the dashboard on the first screen needs the key without the referral schemas.
 */
export const referralsKey = ['referrals'] as const;
