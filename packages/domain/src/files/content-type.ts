/**
 * What a file really is, read from its first bytes, so an upload's claimed name or type is never trusted
 * (architecture.md, Files: content type sniffed from magic bytes against the accept list).
 */
const SIGNATURES: { type: string; extension: string; matches: (b: Uint8Array) => boolean }[] = [
  {
    type: 'image/png',
    extension: 'png',
    matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { type: 'image/jpeg', extension: 'jpg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', extension: 'gif', matches: (b) => startsWith(b, [0x47, 0x49, 0x46, 0x38]) },
  {
    type: 'image/webp',
    extension: 'webp',
    matches: (b) =>
      startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b.subarray(8), [0x57, 0x45, 0x42, 0x50]),
  },
  {
    type: 'application/pdf',
    extension: 'pdf',
    matches: (b) => startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d]),
  },
];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.length <= bytes.length && prefix.every((value, i) => bytes[i] === value);
}

/** How many leading bytes `sniffContentType` needs. */
export const SNIFF_BYTES = 16;

/** The content type and file extension the bytes show, or null for anything not recognised. */
export function sniffContentType(firstBytes: Uint8Array): { type: string; extension: string } | null {
  const match = SIGNATURES.find((s) => s.matches(firstBytes));
  return match ? { type: match.type, extension: match.extension } : null;
}

/** Images a profile may carry (avatar, signature). */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The content type to serve a stored file with, from the extension given when it was stored. */
export function contentTypeForExtension(extension: string): string | null {
  return SIGNATURES.find((s) => s.extension === extension)?.type ?? null;
}
