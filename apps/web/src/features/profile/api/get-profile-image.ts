import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileImagePath, type ProfileImageKind } from './profile-image-kind';

/** GET profile/{kind}/: the image needs the bearer token, so it is fetched as a Blob, not put in an img src. */
export function getProfileImage(kind: ProfileImageKind, signal?: AbortSignal): Promise<Blob> {
  return apiClient<Blob>(profileImagePath(kind), { responseType: 'blob', signal });
}

/** `version` is the profile's image address, which changes with every upload, so a new image is fetched. */
export function profileImageQueryOptions(kind: ProfileImageKind, version: string | null) {
  return queryOptions({
    queryKey: ['profile', 'image', kind, version],
    queryFn: ({ signal }) => getProfileImage(kind, signal),
    enabled: version !== null,
    staleTime: Infinity,
  });
}

export function useProfileImage(kind: ProfileImageKind, version: string | null) {
  return useQuery(profileImageQueryOptions(kind, version));
}
