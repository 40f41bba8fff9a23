import { PROFILE_IMAGE_TYPES, sniffContentType } from '../../files/content-type.ts';

/** Types sniffed for referral attachments beyond PDF and images: the common office documents. */
export const OFFICE_DOCUMENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  rtf: 'application/rtf',
} as const;

/**
 * What a referral attachment may be when its form field sets no accept list (section 5 Attachments): PDF,
 * the images, Word, Excel and PowerPoint (Office Open XML) and RTF. Legacy .doc/.xls are not accepted: their
 * bytes do not say which they are, and the type is only ever taken from the bytes.
 */
export const DEFAULT_ATTACHMENT_ACCEPT: readonly string[] = [
  'application/pdf',
  ...PROFILE_IMAGE_TYPES,
  ...Object.values(OFFICE_DOCUMENT_TYPES),
];

export const DEFAULT_ATTACHMENT_ACCEPT_TEXT =
  'Upload a PDF, an image (PNG, JPEG, GIF, WebP) or a Word, Excel, PowerPoint or RTF document.';

/** Attachment sniffing reads this many leading bytes: an Office file names its parts after the first entry. */
export const ATTACHMENT_SNIFF_BYTES = 8192;

const EXTENSION_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ...OFFICE_DOCUMENT_TYPES,
};

function asciiIncludes(bytes: Uint8Array, text: string): boolean {
  const first = text.charCodeAt(0);
  outer: for (
    let i = bytes.indexOf(first);
    i !== -1 && i + text.length <= bytes.length;
    i = bytes.indexOf(first, i + 1)
  ) {
    for (let j = 1; j < text.length; j++) if (bytes[i + j] !== text.charCodeAt(j)) continue outer;
    return true;
  }
  return false;
}

/**
 * What an attachment really is from its first bytes: PDF and images as for every upload, Office Open XML
 * (a zip whose part names say word/, xl/ or ppt/) and RTF; null for anything else, a plain zip included.
 */
export function sniffAttachmentType(head: Uint8Array): { type: string; extension: string } | null {
  const known = sniffContentType(head);
  if (known) return known;
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    if (!asciiIncludes(head, '[Content_Types].xml')) return null;
    if (asciiIncludes(head, 'word/')) return { type: OFFICE_DOCUMENT_TYPES.docx, extension: 'docx' };
    if (asciiIncludes(head, 'xl/')) return { type: OFFICE_DOCUMENT_TYPES.xlsx, extension: 'xlsx' };
    if (asciiIncludes(head, 'ppt/')) return { type: OFFICE_DOCUMENT_TYPES.pptx, extension: 'pptx' };
    return null;
  }
  if (asciiIncludes(head.subarray(0, 5), '{\\rtf'))
    return { type: OFFICE_DOCUMENT_TYPES.rtf, extension: 'rtf' };
  return null;
}

/** The content type to serve a stored attachment with, from its stored extension. */
export function attachmentTypeForExtension(extension: string): string | null {
  return EXTENSION_TYPES[extension] ?? null;
}

/**
 * A form field's accept list as content types: MIME types as given, `image/*` as the images, `.pdf`-style
 * extensions by their type; no list means the default (section 3: file fields carry an accept list).
 */
export function acceptedAttachmentTypes(accept: readonly string[] | undefined): string[] {
  if (!accept?.length) return [...DEFAULT_ATTACHMENT_ACCEPT];
  const types = new Set<string>();
  for (const raw of accept) {
    const entry = raw.trim().toLowerCase();
    if (entry === 'image/*') PROFILE_IMAGE_TYPES.forEach((type) => types.add(type));
    else if (entry.startsWith('.')) {
      const type = EXTENSION_TYPES[entry.slice(1)];
      if (type) types.add(type);
    } else if (entry) types.add(entry);
  }
  return [...types];
}
