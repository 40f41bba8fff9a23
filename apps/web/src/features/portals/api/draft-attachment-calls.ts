import {
  ExternalDraftAttachmentSchema,
  type ExternalDraftAttachment,
} from '@referrals/domain/portals/external-referral-schemas';
import { apiClient } from '@/lib/api-client';
import { draftHeaders, draftPath, type DraftSession } from './draft-address';

const attachmentsPath = (session: DraftSession) => draftPath(session, 'referrer-attachments/');

/**
 * POST …/referrer-attachments/ as multipart: `field` (a template's file field, or none for the referral's
 * own files) before the file, as the server reads them.
 */
export function uploadDraftAttachment(
  session: DraftSession,
  file: File,
  field: string | null,
): Promise<ExternalDraftAttachment> {
  const body = new FormData();
  if (field !== null) body.append('field', field);
  body.append('file', file);
  return apiClient(attachmentsPath(session), {
    method: 'POST',
    body,
    headers: draftHeaders(session),
    schema: ExternalDraftAttachmentSchema,
  });
}

/** DELETE …/referrer-attachments/{att}/. */
export function deleteDraftAttachment(session: DraftSession, attachmentId: string): Promise<unknown> {
  return apiClient(`${attachmentsPath(session)}${encodeURIComponent(attachmentId)}/`, {
    method: 'DELETE',
    headers: draftHeaders(session),
  });
}
