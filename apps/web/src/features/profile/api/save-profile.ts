import { ProfileSchema, type Profile, type ProfileUpdate } from '@referrals/domain/profile/profile-schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { profileQueryOptions } from '@/lib/auth/get-profile';
import { hasErrorsOn } from '@/lib/form-errors';

export type SaveProfileInput = {
  update: ProfileUpdate;
  /** The fields of the page or section being saved; the dry run's errors on them stop the save. */
  pageFields: readonly string[];
};

/**
 * The profile save flow (spec section 5 Profile save): PUT profile/ is a dry run that collects field errors;
 * errors on this page's fields are thrown for the form to show, otherwise PATCH profile/ saves.
 */
export async function saveProfile({ update, pageFields }: SaveProfileInput): Promise<Profile> {
  try {
    await apiClient('/api/profile/', { method: 'PUT', body: update });
  } catch (error) {
    const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
    if (fieldErrors === undefined || hasErrorsOn(fieldErrors, pageFields)) throw error;
  }
  return apiClient('/api/profile/', { method: 'PATCH', body: update, schema: ProfileSchema });
}

/** Saves and puts the saved profile in the cache; a 409 (changed elsewhere) says so and reloads the profile. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        notifications.show({
          color: 'orange',
          title: 'Your profile changed elsewhere',
          message: `${error.detail ?? 'Your profile was changed elsewhere.'} It has been reloaded with the latest details.`,
          autoClose: 8000,
        });
        void queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
      }
    },
  });
}
