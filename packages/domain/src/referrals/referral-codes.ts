import type { z } from 'zod';
import { defineCodeList } from '../codes.ts';

/** Referral statuses (section 4). VWD is "viewed", shown to users as Under review. */
export const REFERRAL_STATUSES = {
  DRFT: 'Draft',
  SBMT: 'Submitted',
  VWD: 'Under review',
  ACPT: 'Accepted',
  SCHDL: 'Scheduled',
  WLST: 'Waitlisted',
  RTRN: 'Returned',
  FWRD: 'Forwarded',
  UPDT: 'Updated',
} as const;
export const referralStatuses = defineCodeList(REFERRAL_STATUSES);
export const ReferralStatusSchema = referralStatuses.schema;
export type ReferralStatus = z.infer<typeof ReferralStatusSchema>;

/** Referral types (section 1). PATHOLOGY and IMAGING exist but are behind flags that are off. */
export const REFERRAL_TYPES = {
  'IN-APP': 'In-app',
  MANUAL: 'Manual',
  EXTERNAL: 'External',
  ADVICE_AND_GUIDANCE: 'Advice and guidance',
  PATHOLOGY: 'Pathology',
  IMAGING: 'Imaging',
} as const;
export const referralTypes = defineCodeList(REFERRAL_TYPES);

/** What a referral is called on its page and its letter: a request for advice is not a referral yet. */
export function referralKind(type: string): 'Advice request' | 'Referral' {
  return type === 'ADVICE_AND_GUIDANCE' ? 'Advice request' : 'Referral';
}
export const ReferralTypeSchema = referralTypes.schema;
export type ReferralType = z.infer<typeof ReferralTypeSchema>;

/**
 * Actions on a referral (section 4 Actions; referral-lifecycle.md), as snake_case codes. `view` is the
 * spec's "mark viewed" (the /view/ call), `waitlist` is accept with a waitlist period, and `update` is
 * editing a draft: each is a row of the lifecycle table, so each has a code.
 */
export const REFERRAL_ACTIONS = {
  update: 'Edit',
  submit: 'Submit',
  view: 'Mark viewed',
  convert: 'Convert to referral',
  accept: 'Accept',
  waitlist: 'Waitlist',
  schedule: 'Schedule',
  manual_schedule: 'Manual schedule',
  reschedule: 'Reschedule',
  return: 'Return',
  recall: 'Recall',
  forward: 'Forward',
  clone: 'Clone',
  copy: 'Copy',
  renew: 'Renew',
  archive: 'Archive',
  unarchive: 'Unarchive',
  delete: 'Delete',
  share: 'Share',
  enroll: 'Enrol',
  upload_to_emr: 'Upload to EMR',
  file_to_record: 'File to the clinical record',
} as const;
export const referralActions = defineCodeList(REFERRAL_ACTIONS);
export const ReferralActionSchema = referralActions.schema;
export type ReferralAction = z.infer<typeof ReferralActionSchema>;

/** Referral inbox list types, URL slug -> label (section 2 List types). */
export const INBOX_LIST_TYPES = {
  all: 'All',
  new: 'New',
  'under-review': 'Under review',
  accepted: 'Accepted',
  scheduled: 'Scheduled',
  waitlisted: 'Waitlisted',
  returned: 'Returned',
  shared: 'Shared',
  forwarded: 'Forwarded',
  'case-conference-active': 'Case conference active',
  'case-conference-closed': 'Case conference closed',
} as const;
export const inboxListTypes = defineCodeList(INBOX_LIST_TYPES);
export const InboxListTypeSchema = inboxListTypes.schema;
export type InboxListType = z.infer<typeof InboxListTypeSchema>;

/** Referral outbox list types, URL slug -> label; 'new' is labelled Submitted (section 2 List types). */
export const OUTBOX_LIST_TYPES = {
  all: 'All',
  new: 'Submitted',
  'under-review': 'Under review',
  accepted: 'Accepted',
  scheduled: 'Scheduled',
  waitlisted: 'Waitlisted',
  returned: 'Returned',
  forwarded: 'Forwarded',
  drafts: 'Drafts',
  'case-conference-active': 'Case conference active',
  'case-conference-closed': 'Case conference closed',
} as const;
export const outboxListTypes = defineCodeList(OUTBOX_LIST_TYPES);
export const OutboxListTypeSchema = outboxListTypes.schema;
export type OutboxListType = z.infer<typeof OutboxListTypeSchema>;

/** Clinical reports inbox list types, URL slug -> label (section 2 List types). */
export const REPORT_INBOX_LIST_TYPES = {
  all: 'All',
  new: 'New',
  'under-review': 'Under review',
  reviewed: 'Reviewed',
} as const;
export const reportInboxListTypes = defineCodeList(REPORT_INBOX_LIST_TYPES);
export const ReportInboxListTypeSchema = reportInboxListTypes.schema;
export type ReportInboxListType = z.infer<typeof ReportInboxListTypeSchema>;

/**
 * Clinical reports outbox list types, URL slug -> label (section 2 List types). The spec relabels
 * 'new' only for the referral outbox; here it stays New because 'sent' is a list of its own.
 */
export const REPORT_OUTBOX_LIST_TYPES = {
  all: 'All',
  new: 'New',
  'under-review': 'Under review',
  reviewed: 'Reviewed',
  sent: 'Sent',
  drafts: 'Drafts',
} as const;
export const reportOutboxListTypes = defineCodeList(REPORT_OUTBOX_LIST_TYPES);
export const ReportOutboxListTypeSchema = reportOutboxListTypes.schema;
export type ReportOutboxListType = z.infer<typeof ReportOutboxListTypeSchema>;

/**
 * Triage priority set on accept (section 3 Triage and service fields). The spec names the field but gives
 * no codes; these three are the urgency grades Australian outpatient triage uses.
 */
export const TRIAGE_PRIORITIES = {
  URGENT: 'Urgent',
  SEMI_URGENT: 'Semi-urgent',
  ROUTINE: 'Routine',
} as const;
export const triagePriorities = defineCodeList(TRIAGE_PRIORITIES);
export const TriagePrioritySchema = triagePriorities.schema;
export type TriagePriority = z.infer<typeof TriagePrioritySchema>;

/**
 * Triage category set on accept (referral-lifecycle.md, Derived conditions): the clinically recommended
 * time to be seen, in days from submission, is TRIAGE_CATEGORY_DAYS.
 */
export const TRIAGE_CATEGORIES = {
  CAT1: 'Category 1',
  CAT2: 'Category 2',
  CAT3: 'Category 3',
} as const;
export const triageCategories = defineCodeList(TRIAGE_CATEGORIES);
export const TriageCategorySchema = triageCategories.schema;
export type TriageCategory = z.infer<typeof TriageCategorySchema>;

/** Days from submission within which each triage category should be scheduled (referral-lifecycle.md). */
export const TRIAGE_CATEGORY_DAYS = { CAT1: 30, CAT2: 90, CAT3: 365 } as const satisfies Record<
  TriageCategory,
  number
>;
