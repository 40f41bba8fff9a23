/** The routes referral-tenancy.test.ts proves (sides, read-only sharing); the general matrix leaves them to it. */
export const REFERRAL_MATRIX_PREFIXES = ['/api/referrals/', '/api/notifications/', '/api/reports/'];
