/** The two profile images (spec section 7: POST profile/{type}/ with kind avatar-image or signature-image). */
export const PROFILE_IMAGE_KINDS = {
  'avatar-image': 'avatar_image',
  'signature-image': 'signature_image',
} as const;

/** Where the web app fetches a stored profile image; null when there is none. */
export function profileImageUrl(
  kind: keyof typeof PROFILE_IMAGE_KINDS,
  stored: string | null,
): string | null {
  return stored ? `/api/profile/${kind}/?v=${stored.slice(0, 8)}` : null;
}
