import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/auth/get-profile';
import { profileImagePath, type ProfileImageKind } from './profile-image-kind';

/** POST profile/{kind}/ as multipart with the field `file`; 202 when received (spec section 7). */
export function uploadProfileImage({ kind, file }: { kind: ProfileImageKind; file: File }) {
  const body = new FormData();
  body.append('file', file);
  return apiClient<{ detail: string; url: string }>(profileImagePath(kind), { method: 'POST', body });
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
  });
}
