import { ProfileSchema, type Profile } from '@referrals/domain/profile/profile-schemas';
import { apiClient } from '@/lib/api-client';

/**
 * POST profile/set-establishment/: tells the server which establishment the user now acts for (spec
 * section 7). Callers only log a failure; the choice stays remembered in this browser.
 */
export function reportEstablishment(establishmentId: string): Promise<Profile> {
  return apiClient('/api/profile/set-establishment/', {
    method: 'POST',
    body: { establishment_id: establishmentId },
    schema: ProfileSchema,
  });
}
