import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { establishmentTypes, type AuState } from '@referrals/domain/establishments/establishment-codes';
import { defaultPermissionsFor } from '@referrals/domain/people/default-permissions';
import {
  invitationExpiry,
  hasOpenEmploymentAt,
  isActiveStatus,
  nextFreePriority,
} from '@referrals/domain/people/employment-rules';
import type {
  EmploymentInvitation,
  EmploymentInvite,
  StaffMember,
} from '@referrals/domain/people/employment-schemas';
import { employmentStatuses, type Role } from '@referrals/domain/people/people-codes';
import { personName } from '@referrals/domain/people/person-name';
import { notificationDefaultsFor } from '@referrals/domain/profile/notification-defaults';
import type { Database } from '../../db/database.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { employments, users } from '../../db/schema/people.ts';
import { notFound, permissionDenied, validationFailed } from '../../http/api-errors.ts';
import { loadStaffMember } from './staff-member.ts';
import { auditActorOf, recordAudit } from '../audit/record-audit.ts';
import { sendMail, type MailMessage } from '../mail/outbox.ts';
import { renderMail } from '../mail/render-mail.ts';
import { administeredEstablishmentIds, type Caller } from '../tenancy/caller.ts';
import { isUuid } from '../../http/ids.ts';
import { employmentsOf, isOpenEmploymentConflict, persistExpiredInvitations } from './employment-rows.ts';

/**
 * Invitations (establishments-and-employments.md, Employments): an account holder invites someone by email;
 * an unknown address gets an account without a password, which signing up with that address claims; the
 * invitee answers on the Review Employment Invite page (/review-invite/{id}).
 */

export const ALREADY_ON_STAFF_MESSAGE =
  'This person already belongs to this establishment, has asked to join it or has been invited.';
export const NOT_INVITABLE_MESSAGE =
  'This email address cannot be invited. Ask the person for the email address they use at work.';
export const PERSONAL_SPACE_INVITE_MESSAGE = 'Nobody can be invited to a personal space.';
export const NOT_APPROVED_INVITE_MESSAGE = 'This establishment can invite staff once it has been approved.';

/**
 * The invitation email: who invited them to which establishment, and the link to answer. Nothing else, and
 * never anything about a patient. A person without an account is told to create one with this address first.
 */
export function invitationEmail(
  publicUrl: string,
  invitation: {
    employmentId: string;
    to: { email: string; first_name: string };
    inviter: string;
    establishment: string;
    expiresAt: Date;
    hasAccount: boolean;
  },
): MailMessage {
  const until = invitation.expiresAt.toLocaleDateString('en-AU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Australia/Sydney',
  });
  const next = invitation.hasAccount
    ? 'Sign in to Referrals to accept or decline the invitation.'
    : `You do not have a Referrals account yet. First create one with this email address (${invitation.to.email}) at ${publicUrl}/auth/signup, verify the address, then open the invitation to accept or decline it.`;
  return {
    to: invitation.to.email,
    subject: `${invitation.inviter} invited you to join ${invitation.establishment} on Referrals`,
    ...renderMail({
      greeting: `Hello ${invitation.to.first_name},`,
      paragraphs: [
        `${invitation.inviter} invited you to join ${invitation.establishment} on Referrals.`,
        next,
      ],
      action: {
        label: 'Review the invitation',
        url: `${publicUrl}/review-invite/${invitation.employmentId}`,
      },
      after: [
        `The invitation is open until ${until}.`,
        'If you were not expecting this invitation, you can ignore this email.',
      ],
    }),
  };
}

/**
 * POST establishments/{id}/invitations/. Only the approved account holder of {id} may invite. Someone who
 * works there without being its account holder gets 403 (they know the place); anyone else gets the 404 of
 * a missing establishment, so ids of places one has nothing to do with cannot be probed.
 */
export async function inviteEmployee(options: {
  app: FastifyInstance;
  request: FastifyRequest;
  caller: Caller;
  establishmentId: string;
  invite: EmploymentInvite;
}): Promise<StaffMember> {
  const { app, request, caller, establishmentId, invite } = options;
  const db = app.database.db;
  if (!isUuid(establishmentId)) throw notFound();
  if (!administeredEstablishmentIds(caller).includes(establishmentId)) {
    const worksThere = caller.employments.some(
      (job) => job.establishment.id === establishmentId && isActiveStatus(job.status),
    );
    throw worksThere ? permissionDenied() : notFound();
  }
  const [place] = await db.select().from(establishments).where(eq(establishments.id, establishmentId));
  if (!place) throw notFound();
  if (place.type === 'PA') throw validationFailed({ non_field_errors: [PERSONAL_SPACE_INVITE_MESSAGE] });
  if (!place.is_approved) throw validationFailed({ non_field_errors: [NOT_APPROVED_INVITE_MESSAGE] });

  const now = new Date();
  const expiresAt = invitationExpiry(now);
  const actor = auditActorOf(request, { userId: caller.userId, establishmentId: place.id });
  let employmentId: string;
  try {
    employmentId = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: invite.email,
          title: invite.title,
          first_name: invite.first_name,
          last_name: invite.last_name,
          role: invite.role,
          email_notifications: notificationDefaultsFor(invite.role),
          user_type: 'provider',
          registration_completed: false,
          password_hash: null,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      // The invitee's row is locked like any change to their employments (see lockEmploymentsOf).
      const [invitee] = await tx.select().from(users).where(eq(users.email, invite.email)).for('update');
      if (!invitee) throw new Error('the invitee could not be read back');
      if (invitee.user_type !== 'provider') throw validationFailed({ email: [NOT_INVITABLE_MESSAGE] });
      const here = (await employmentsOf(tx, invitee.id, now)).filter((e) => e.establishment.id === place.id);
      if (hasOpenEmploymentAt(here, place.id)) throw validationFailed({ email: [ALREADY_ON_STAFF_MESSAGE] });
      await persistExpiredInvitations(tx, actor, here);

      const [employment] = await tx
        .insert(employments)
        .values({
          user_id: invitee.id,
          establishment_id: place.id,
          // A placeholder: accepting takes the next free priority (section 4: at most two).
          priority: 2,
          status: 'INVITED',
          actioned_by: 'ESTABLISHMENT',
          invited_by_id: caller.userId,
          invite_expires_at: expiresAt,
          permissions: defaultPermissionsFor(invitee.role as Role | null),
          can_send_referral: true,
          is_verified_employee: false,
        })
        .returning({ id: employments.id });
      if (!employment) throw new Error('the invitation insert returned no row');
      await recordAudit(tx, actor, {
        action: 'employment.invite',
        resourceType: 'employment',
        resourceId: employment.id,
        detail: {
          invitee_id: invitee.id,
          account_created: created !== undefined,
          invite_expires_at: expiresAt.toISOString(),
        },
      });
      const [inviter] = await tx
        .select({ title: users.title, first_name: users.first_name, last_name: users.last_name })
        .from(users)
        .where(eq(users.id, caller.userId));
      await sendMail(
        app,
        invitationEmail(app.config.publicUrl, {
          employmentId: employment.id,
          to: invitee,
          inviter: inviter ? personName(inviter) : 'An account holder',
          establishment: place.name,
          expiresAt,
          hasAccount: invitee.password_hash !== null || invitee.external_subject !== null,
        }),
        tx,
      );
      return employment.id;
    });
  } catch (error) {
    if (isOpenEmploymentConflict(error)) throw validationFailed({ email: [ALREADY_ON_STAFF_MESSAGE] });
    throw error;
  }
  app.jobs.wake();
  const member = await loadStaffMember(db, employmentId, place.id);
  if (!member) throw notFound();
  return member;
}

/**
 * GET profile/employments/{id}/: the caller's own employment as the Review Employment Invite page shows
 * it. Another person's is the 404 of a missing one.
 */
export async function getInvitation(
  db: Database,
  userId: string,
  employmentId: string,
): Promise<EmploymentInvitation> {
  if (!isUuid(employmentId)) throw notFound();
  const mine = await employmentsOf(db, userId, new Date());
  const target = mine.find((e) => e.id === employmentId);
  if (!target) throw notFound();
  const { row, place } = target;
  const [inviter] = row.invited_by_id
    ? await db
        .select({ title: users.title, first_name: users.first_name, last_name: users.last_name })
        .from(users)
        .where(eq(users.id, row.invited_by_id))
    : [];
  return {
    id: row.id,
    status: employmentStatuses.coded(target.status),
    establishment: {
      id: place.id,
      name: place.name,
      type: establishmentTypes.coded(place.type as never),
      address1: place.address1,
      city: place.city,
      state: place.state as AuState,
      postcode: place.postcode,
    },
    invited_by: inviter ? personName(inviter) : null,
    invite_expires_at: row.invite_expires_at?.toISOString() ?? null,
    priority_on_accept:
      target.status === 'INVITED' ? nextFreePriority(mine.filter((e) => e.id !== target.id)) : null,
  };
}
