import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/auth/get-profile';
import { establishmentQueryOptions } from './get-establishment';

const logoPath = (id: string) => `/api/establishments/${encodeURIComponent(id)}/branding-logo/`;

/** POST establishments/{id}/branding-logo/ (multipart `file`, 202): the logo the top bar shows. */
export async function uploadBrandingLogo(id: string, file: File): Promise<void> {
  const body = new FormData();
  body.append('file', file);
  await apiClient(logoPath(id), { method: 'POST', body });
}

/** DELETE establishments/{id}/branding-logo/: back to the product's logo. */
export async function removeBrandingLogo(id: string): Promise<void> {
  await apiClient(logoPath(id), { method: 'DELETE' });
}

/** Uploads a file, or removes the logo with null; the establishment and the top bar then reload. */
export function useBrandingLogo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => (file ? uploadBrandingLogo(id, file) : removeBrandingLogo(id)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries(establishmentQueryOptions(id)),
        queryClient.invalidateQueries(profileQueryOptions()),
      ]),
  });
}
