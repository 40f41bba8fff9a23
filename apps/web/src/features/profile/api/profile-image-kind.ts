/** The two profile images (spec section 7: POST profile/{type}/, kind avatar-image or signature-image). */
export type ProfileImageKind = 'avatar-image' | 'signature-image';

export const profileImagePath = (kind: ProfileImageKind) => `/api/profile/${kind}/`;
