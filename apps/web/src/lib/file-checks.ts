import { acceptedAttachmentTypes } from '@referrals/domain/referrals/forms/attachment-types';
import {
  maxFilesOf,
  maxSizeOf,
  type FormField,
} from '@referrals/domain/referrals/forms/form-template-schemas';

/** A size as people read it, e.g. '5 MB'. */
export const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Why a chosen file cannot go into a file field, or null: the field's max_files (default 1), its size
 * limit (default and at most 5 MB) and its accept list (section 3 Form template). The server checks the
 * bytes again; this spares the sender a failed upload. Empty files are skipped (section 5 Attachments).
 */
export function fileRefusal(
  field: Pick<FormField, 'max_files' | 'maxsize' | 'accept'>,
  file: File,
  filesAlready: number,
): string | null {
  if (filesAlready >= maxFilesOf(field)) {
    const max = maxFilesOf(field);
    return max === 1
      ? 'Only one file can be added here. Remove it first.'
      : `At most ${max} files can be added here.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > maxSizeOf(field)) return `${file.name} is larger than ${megabytes(maxSizeOf(field))}.`;
  const types = acceptedAttachmentTypes(field.accept);
  if (!types.includes(file.type)) return `${file.name} is not a file type this form accepts.`;
  return null;
}

/** The accept attribute of the file picker: the content types the field takes. */
export function acceptAttribute(field: Pick<FormField, 'accept'>): string {
  return acceptedAttachmentTypes(field.accept).join(',');
}
