import {
  ClinicalRecordLaunchCompletedSchema,
  ClinicalRecordLaunchStartedSchema,
  ClinicalRecordReferralStartedSchema,
  type ClinicalRecordLaunchComplete,
  type ClinicalRecordLaunchStart,
} from '@referrals/domain/clinical-record/clinical-record-schemas';
import { apiClient } from '@/lib/api-client';

const LAUNCHES = '/api/clinical-record/launches/';

/** POST clinical-record/launches/: where to send the browser to sign in at the record system. */
export function startLaunch(body: ClinicalRecordLaunchStart) {
  return apiClient(LAUNCHES, {
    method: 'POST',
    body,
    schema: ClinicalRecordLaunchStartedSchema,
    refreshOnUnauthorized: false,
  });
}

/** POST clinical-record/launches/complete/: the record system's answer, for the launch and its ticket. */
export function completeLaunch(body: ClinicalRecordLaunchComplete) {
  return apiClient(`${LAUNCHES}complete/`, {
    method: 'POST',
    body,
    schema: ClinicalRecordLaunchCompletedSchema,
    refreshOnUnauthorized: false,
  });
}

/** POST clinical-record/launches/{id}/referral/: the draft made from the launch's patient and record. */
export function createLaunchReferral(launchId: string) {
  return apiClient(`${LAUNCHES}${encodeURIComponent(launchId)}/referral/`, {
    method: 'POST',
    schema: ClinicalRecordReferralStartedSchema,
  });
}
