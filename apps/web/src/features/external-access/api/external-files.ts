import { accessCall, type AccessKey } from './access-address';

// The files a link's reader downloads. They sit behind the session header, so no plain link can fetch them:
// each is fetched as a Blob and handed to the browser's download.

/** GET referrals/external/?access=&pdf=true: the referral letter (when the view says letter_available). */
export const getExternalReferralLetter = (access: AccessKey) =>
  accessCall<Blob>('/api/referrals/external/', access, { query: { pdf: true }, responseType: 'blob' });

/** GET referrals/external/?access=&attachment={id}: one of the files the view lists. */
export const getExternalAttachment = (access: AccessKey, attachmentId: string) =>
  accessCall<Blob>('/api/referrals/external/', access, {
    query: { attachment: attachmentId },
    responseType: 'blob',
  });

/** GET public/referrals/consent/?access=: the consent form to print and sign. */
export const getConsentForm = (access: AccessKey) =>
  accessCall<Blob>('/api/public/referrals/consent/', access, { responseType: 'blob' });

/** GET public/referrals/consent/?access=&consent=true: the signed copy last uploaded. */
export const getSignedConsent = (access: AccessKey) =>
  accessCall<Blob>('/api/public/referrals/consent/', access, {
    query: { consent: true },
    responseType: 'blob',
  });

/** GET reports/external/?access=&pdf=true&report={id}: one report as its letter. */
export const getExternalReportLetter = (access: AccessKey, reportId: string) =>
  accessCall<Blob>('/api/reports/external/', access, {
    query: { pdf: true, report: reportId },
    responseType: 'blob',
  });
