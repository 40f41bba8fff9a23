import {
  ExternalAttachmentListSchema,
  ExternalAttachmentSchema,
  type ExternalAttachment,
} from '@referrals/domain/external-access/external-access-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { accessCall, accessQueryKey, type AccessKey } from './access-address';

const OWN_FILES = '/api/public/referrals/patient-attachments/';
const CONSENT = '/api/public/referrals/consent/';

/** GET public/referrals/patient-attachments/?access=: the files sent back through the referral's links. */
export function patientAttachmentsQueryOptions(access: AccessKey) {
  return queryOptions({
    queryKey: [...accessQueryKey(access.token), 'patient-attachments', access.session] as const,
    queryFn: ({ signal }) =>
      accessCall(OWN_FILES, access, { schema: ExternalAttachmentListSchema, signal }).then(
        (list) => list.results,
      ),
    retry: false,
  });
}

export function usePatientAttachments(access: AccessKey) {
  return useQuery(patientAttachmentsQueryOptions(access));
}

/**
 * PUT multipart: the form fields before the file (the server reads them first), the referral named as the
 * spec's form names it. 5 MB, the type read from the bytes, 20 such files on a referral.
 */
function uploadTo(
  path: string,
  access: AccessKey,
  options: { referralId: string; file: File; note?: string },
): Promise<ExternalAttachment> {
  const body = new FormData();
  if (options.note) body.append('note', options.note);
  body.append('referral_id', options.referralId);
  body.append('file', options.file);
  return accessCall(path, access, { method: 'PUT', body, schema: ExternalAttachmentSchema });
}

/** PUT public/referrals/patient-attachments/?access=: a file for the clinic, with a note. */
export const uploadPatientAttachment = (
  access: AccessKey,
  options: { referralId: string; file: File; note?: string },
) => uploadTo(OWN_FILES, access, options);

/** PUT public/referrals/consent/?access=: the signed consent form, a PDF or an image. */
export const uploadSignedConsent = (access: AccessKey, options: { referralId: string; file: File }) =>
  uploadTo(CONSENT, access, options);
