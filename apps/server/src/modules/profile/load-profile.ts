import { and, asc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { establishmentTypes, type AuState } from '@referrals/domain/establishments/establishment-codes';
import {
  employmentStatuses,
  roles,
  type Permission,
  type SubRole,
} from '@referrals/domain/people/people-codes';
import { effectiveEmploymentStatus } from '@referrals/domain/people/employment-rules';
import {
  EMAIL_NOTIFICATION_FIELDS,
  type Connection,
  type Profile,
} from '@referrals/domain/profile/profile-schemas';
import { orderEmployments } from '@referrals/domain/profile/profile-save-rules';
import type { Queryable } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { employments, specialties, users } from '../../db/schema/people.ts';
import { actionedBy } from '../employments/employment-rows.ts';
import { brandingLogoUrl } from '../establishments/establishment-queries.ts';
import { employmentsWithEstablishments } from '../tenancy/user-employments.ts';
import { profileImageUrl } from './profile-images.ts';

type UserRow = typeof users.$inferSelect;

/**
 * The profile as GET profile/ returns it (spec section 3): the user, their employments (primary first,
 * section 4), specialties, and the permissions they hold at their current establishment.
 */
export async function loadProfile(q: Queryable, userId: string): Promise<Profile | undefined> {
  const [user] = await q.select().from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const jobs = await employmentsWithEstablishments(q, userId);
  const specialtyRows = await q
    .select()
    .from(specialties)
    .where(eq(specialties.user_id, userId))
    .orderBy(asc(specialties.priority));

  const current = jobs.find((j) => j.establishment.id === user.current_establishment_id);
  return {
    ...userFields(user),
    specialties: specialtyRows.map(({ id, priority, practice, field }) => ({
      id,
      priority,
      practice,
      field,
    })),
    employments: orderEmployments(
      jobs.map(({ employment: e, establishment: place }) => ({
        id: e.id,
        establishment: {
          id: place.id,
          name: place.name,
          type: establishmentTypes.coded(place.type as never),
          state: place.state as AuState,
          branding_logo: brandingLogoUrl(place.id, place.branding_logo),
        },
        priority: e.priority as 1 | 2 | 3,
        // An invitation past its date reads as INVITE_EXPIRED before anything rewrites the row.
        status: employmentStatuses.coded(
          effectiveEmploymentStatus(e.status as never, e.invite_expires_at, new Date()),
        ),
        signature: e.signature,
        is_verified_employee: e.is_verified_employee,
        is_head_of_department: e.is_head_of_department,
        has_special_access: e.has_special_access,
        has_shared_inbox_access: e.has_shared_inbox_access,
        has_shared_outbox_access: e.has_shared_outbox_access,
        can_send_referral: e.can_send_referral,
        is_account_holder: e.is_account_holder,
        head_of_department_requested: e.head_of_department_requested,
        special_access_requested: e.special_access_requested,
        user_tag: e.user_tag,
        user_tag_other: e.user_tag_other,
        actioned_by: actionedBy(e.actioned_by),
      })),
    ),
    connections: await connectionsOf(q, userId),
    permissions: (current?.employment.permissions ?? []) as Permission[],
    current_establishment: user.current_establishment_id,
  };
}

/**
 * Two-step sign-in is waiting on something: an enrolment started and not yet confirmed with a code
 * (mfa_status false), or turned on while the registration it was set up in is still unfinished (mfa_status
 * true). In the second case the web app's profile load makes the register call (section 4 Profile load
 * flow: "If MFA is pending and enabled, a register call is made").
 */
export function pendingMfa(
  user: Pick<UserRow, 'mfa_enabled' | 'mfa_secret' | 'registration_completed'>,
): boolean {
  if (user.mfa_secret === null) return false;
  return !user.mfa_enabled || !user.registration_completed;
}

function userFields(user: UserRow) {
  const notifications = Object.fromEntries(
    EMAIL_NOTIFICATION_FIELDS.map((field) => [field, user.email_notifications[field] === true]),
  ) as Record<(typeof EMAIL_NOTIFICATION_FIELDS)[number], boolean>;
  return {
    email: user.email,
    email_verified: user.email_verified_at !== null,
    title: user.title as Profile['title'],
    first_name: user.first_name,
    middle_name: user.middle_name,
    last_name: user.last_name,
    dob: user.dob,
    phone: user.phone,
    ahpra_num: user.ahpra_num,
    provider_num_list: user.provider_num_list,
    default_provider_num: user.default_provider_num,
    default_provider_num_type: user.default_provider_num_type as Profile['default_provider_num_type'],
    qualification: user.qualification,
    linkedin: user.linkedin,
    website: user.website,
    role: roles.isCode(user.role) ? roles.coded(user.role) : null,
    sub_role: user.sub_role as SubRole | null,
    profession: user.profession,
    professional_association: user.professional_association,
    member_number: user.member_number,
    no_ahpra_and_professional_association: user.no_ahpra_and_professional_association,
    registration_completed: user.registration_completed,
    mfa_status: user.mfa_enabled,
    pending_mfa: pendingMfa(user),
    session_expiry: user.session_expiry,
    user_type: user.user_type as Profile['user_type'],
    ...notifications,
    version: user.version,
    avatar_image: profileImageUrl('avatar-image', user.avatar_image),
    signature_image: profileImageUrl('signature-image', user.signature_image),
    signature: user.signature,
    linked_account: user.linked_account,
    is_platform_admin: user.is_platform_admin,
  };
}

/**
 * The profile's connections: everyone else with an approved employment at an establishment where the user
 * holds an approved one, personal spaces aside, each once with the places the two share, by name.
 */
async function connectionsOf(q: Queryable, userId: string): Promise<Connection[]> {
  const mine = alias(employments, 'mine');
  const rows = await q
    .select({
      id: users.id,
      title: users.title,
      first_name: users.first_name,
      last_name: users.last_name,
      role: users.role,
      establishment: { id: establishments.id, name: establishments.name },
    })
    .from(mine)
    .innerJoin(establishments, eq(establishments.id, mine.establishment_id))
    .innerJoin(
      employments,
      and(eq(employments.establishment_id, mine.establishment_id), eq(employments.status, 'APPROVED')),
    )
    .innerJoin(users, eq(users.id, employments.user_id))
    .where(
      and(
        eq(mine.user_id, userId),
        eq(mine.status, 'APPROVED'),
        ne(establishments.type, 'PA'),
        ne(users.id, userId),
      ),
    )
    .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id), asc(establishments.name));
  const byPerson = new Map<string, Connection>();
  for (const { establishment, role, ...person } of rows) {
    const known = byPerson.get(person.id);
    if (known) known.establishments.push(establishment);
    else {
      byPerson.set(person.id, {
        ...person,
        role: roles.isCode(role) ? roles.coded(role) : null,
        establishments: [establishment],
      });
    }
  }
  return [...byPerson.values()];
}
