import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/auth/get-profile';
import { profileImagePath, type ProfileImageKind } from './profile-image-kind';

/** DELETE profile/{kind}/: removes the avatar or signature image (204, spec section 7). */
export function deleteProfileImage(kind: ProfileImageKind): Promise<void> {
  return apiClient<void>(profileImagePath(kind), { method: 'DELETE' });
}

export function useDeleteProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfileImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
  });
}
