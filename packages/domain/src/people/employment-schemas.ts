import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../api.ts';
import { defineCodeList } from '../codes.ts';
import { AuStateSchema, establishmentTypes } from '../establishments/establishment-codes.ts';
import {
  EmploymentPrioritySchema,
  PermissionSchema,
  RoleSchema,
  SubRoleSchema,
  TitleSchema,
  employmentActionedBy,
  employmentStatuses,
  roles,
} from './people-codes.ts';

/**
 * The employment calls of section 7 (profile/employments/, the admin portal's staff list, invitations) and
 * the establishment counters of the selector.
 */

/** POST profile/employments/ (optionally ?validate): ask to join an establishment. */
export const EmploymentCreateSchema = z.object({
  establishment_id: z.uuid({ message: 'Choose an establishment.' }),
});
export type EmploymentCreate = z.infer<typeof EmploymentCreateSchema>;

/** POST profile/employments/?validate: the join request that would be made; nothing is written. */
export const EmploymentJoinCheckSchema = z.object({
  establishment_id: z.string(),
  priority: EmploymentPrioritySchema,
  status: employmentStatuses.codedSchema,
});
export type EmploymentJoinCheck = z.infer<typeof EmploymentJoinCheckSchema>;

/** PUT profile/employments/{id}/: priority 1 makes the establishment primary (section 4 Employment). */
export const EmploymentUpdateSchema = z.object({ priority: z.literal(1) });
export type EmploymentUpdate = z.infer<typeof EmploymentUpdateSchema>;

/** PUT profile/employments/{id}/signature/, body text: the signature used at that establishment. */
export const EmploymentSignatureSchema = z.object({ text: z.string().trim().max(2000) });

/**
 * User tags an account holder gives staff (section 7: user_tag, user_tag_other). The spec lists no tags;
 * these are ours, with Other asking for the text.
 */
export const USER_TAGS = {
  CLINICIAN: 'Clinician',
  NURSE: 'Nurse',
  TRIAGE: 'Triage',
  ADMINISTRATION: 'Administration',
  OTHER: 'Other',
} as const;
export const userTags = defineCodeList(USER_TAGS);
export type UserTag = keyof typeof USER_TAGS;

export const USER_TAG_OTHER_MESSAGE = 'Describe the tag.';

/** The user-tag fields; user_tag_other only with OTHER, and then required. */
export const UserTagUpdateSchema = z
  .object({
    user_tag: userTags.schema.nullable(),
    user_tag_other: z.string().trim().max(60).nullable().optional(),
  })
  .transform((value) => ({
    user_tag: value.user_tag,
    user_tag_other: value.user_tag === 'OTHER' ? value.user_tag_other || null : null,
  }))
  .superRefine((value, context) => {
    if (value.user_tag === 'OTHER' && !value.user_tag_other) {
      context.addIssue({ code: 'custom', path: ['user_tag_other'], message: USER_TAG_OTHER_MESSAGE });
    }
  });
export type UserTagUpdate = z.infer<typeof UserTagUpdateSchema>;

/** POST establishments/{id}/invitations/: invite someone by email to work at the establishment. */
export const EmploymentInviteSchema = z.object({
  email: z.email({ message: 'Enter a valid email address.' }).transform((value) => value.toLowerCase()),
  title: TitleSchema.default('DR'),
  first_name: z.string().trim().min(1, { message: 'This field is required.' }).max(100),
  last_name: z.string().trim().min(1, { message: 'This field is required.' }).max(100),
  /** Used only when the invitation creates the account; an existing account keeps its own role. */
  role: RoleSchema,
});
export type EmploymentInvite = z.infer<typeof EmploymentInviteSchema>;

/** GET profile/employments/{id}/: the invitation as the Review Employment Invite page shows it. */
export const EmploymentInvitationSchema = z.object({
  id: z.string(),
  status: employmentStatuses.codedSchema,
  establishment: z.object({
    id: z.string(),
    name: z.string(),
    type: establishmentTypes.codedSchema,
    address1: z.string().nullable(),
    city: z.string().nullable(),
    state: AuStateSchema,
    postcode: z.string().nullable(),
  }),
  invited_by: z.string().nullable(),
  invite_expires_at: z.string().nullable(),
  /** The priority accepting would give (1 or 2), or null when the caller already has both. */
  priority_on_accept: EmploymentPrioritySchema.nullable(),
});
export type EmploymentInvitation = z.infer<typeof EmploymentInvitationSchema>;

/** The admin portal's lists: all (active) and removed (closed) staff (section 2: admin/users/all|removed). */
export const STAFF_LISTS = ['all', 'removed'] as const;
export const StaffListQuerySchema = PageQuerySchema.extend({
  list: z.enum(STAFF_LISTS).default('all'),
  keyword: z.string().trim().max(100).optional(),
});
export type StaffListQuery = z.infer<typeof StaffListQuerySchema>;

/** One member of an establishment's staff, as its account holder sees them. */
export const StaffMemberSchema = z.object({
  id: z.string(),
  user: z.object({
    id: z.string(),
    title: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    role: roles.codedSchema.nullable(),
    sub_role: SubRoleSchema.nullable(),
  }),
  status: employmentStatuses.codedSchema,
  priority: EmploymentPrioritySchema,
  is_account_holder: z.boolean(),
  is_verified_employee: z.boolean(),
  is_head_of_department: z.boolean(),
  has_special_access: z.boolean(),
  has_shared_inbox_access: z.boolean(),
  has_shared_outbox_access: z.boolean(),
  can_send_referral: z.boolean(),
  head_of_department_requested: z.boolean(),
  special_access_requested: z.boolean(),
  permissions: z.array(PermissionSchema),
  user_tag: userTags.schema.nullable(),
  user_tag_other: z.string().nullable(),
  invite_expires_at: z.string().nullable(),
  created_at: z.string(),
  /** Who made the last change of status (section 4 Employment). */
  actioned_by: employmentActionedBy.codedSchema.nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffPageSchema = pageOf(StaffMemberSchema);

/** PATCH admin/users/{id}/: a status change and/or the grants an account holder gives. */
export const StaffUpdateSchema = z.object({
  action: z.enum(['approve', 'reject', 'revoke']).optional(),
  has_shared_inbox_access: z.boolean().optional(),
  has_shared_outbox_access: z.boolean().optional(),
  can_send_referral: z.boolean().optional(),
  is_head_of_department: z.boolean().optional(),
  has_special_access: z.boolean().optional(),
  permissions: z.array(PermissionSchema).optional(),
  user_tag: userTags.schema.nullable().optional(),
  user_tag_other: z.string().trim().max(60).nullable().optional(),
});
export type StaffUpdate = z.infer<typeof StaffUpdateSchema>;
