import type { Permission, Role } from './people-codes.ts';

/**
 * What a new employment may do until the account holder changes it (spec section 6, Permissions): every
 * provider sends and manages referrals; specialists and administrators receive them; practice managers
 * administer. The spec does not list defaults; this is our reading of the roles.
 */
export function defaultPermissionsFor(role: Role | null | undefined): Permission[] {
  switch (role) {
    case 'PM':
      return ['manage_referral', 'add_referral', 'accept_referral', 'administer_referral'];
    case 'SP':
      return ['manage_referral', 'add_referral', 'accept_referral'];
    case 'PA':
      return ['manage_referral', 'accept_referral'];
    case 'GP':
    case 'GPP':
    case 'SPT':
      return ['manage_referral', 'add_referral'];
    case null:
    case undefined:
      return [];
  }
}
