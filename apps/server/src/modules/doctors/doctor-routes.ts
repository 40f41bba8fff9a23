import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  DoctorEntryPageSchema,
  DoctorEntrySchema,
  DoctorInviteQuerySchema,
  DoctorListQuerySchema,
  DoctorWriteSchema,
} from '@referrals/domain/directory/doctor-schemas';
import { titles } from '@referrals/domain/people/people-codes';
import { users } from '../../db/schema/people.ts';
import { notFound } from '../../http/api-errors.ts';
import { toPage } from '../../http/paging.ts';
import {
  createDoctor,
  deleteDoctor,
  getDoctor,
  listDoctors,
  updateDoctor,
} from '../directory/directory-doctors.ts';
import { directoryAuditActor } from '../directory/directory-access.ts';
import { providerOnly } from '../tenancy/route-access.ts';
import { mayUseDirectoryOf, sharedDirectoryWith } from '../directory/directory-visibility.ts';
import { sendMail, type MailMessage } from '../mail/outbox.ts';
import { renderMail } from '../mail/render-mail.ts';
import { callerOf } from '../tenancy/caller.ts';

export const DoctorIdParamsSchema = z.object({ id: z.uuid() });

/**
 * The invitation to a doctor added to the directory: who added them, and where to create an account. Never
 * anything about a patient.
 */
export function doctorInvitationEmail(
  publicUrl: string,
  invitation: { to: string; first_name: string; inviter: string; hasAccount: boolean },
): MailMessage {
  return {
    to: invitation.to,
    subject: `${invitation.inviter} invited you to Referrals`,
    ...renderMail({
      greeting: `Hello ${invitation.first_name},`,
      paragraphs: [
        `${invitation.inviter} added you to the doctor directory on Referrals and invites you to join, so you can send and receive referrals in the app.`,
        invitation.hasAccount
          ? 'You already have a Referrals account with this email address: sign in to see your referrals.'
          : `Create your account with this email address (${invitation.to}), then verify the address.`,
      ],
      action: invitation.hasAccount
        ? { label: 'Sign in to Referrals', url: publicUrl }
        : { label: 'Create your account', url: `${publicUrl}/auth/signup` },
      after: ['If you were not expecting this invitation, you can ignore this email.'],
    }),
  };
}

/**
 * The shared doctor directory (spec section 7 Doctors and directory): GET doctors/, GET, PUT and DELETE
 * doctors/{id}/, POST doctors/invite/. Platform users are not mixed in: they are GET providers/.
 * `?establishment=` adds that establishment's own directory to the list (the caller must work there).
 * Only the creator's establishment may change or delete a shared entry; for anyone else it is 404.
 */
export const doctorRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const config = { access: providerOnly };
  const tags = ['doctors'];

  app.get(
    '/api/doctors/',
    {
      config,
      schema: {
        tags,
        operationId: 'listDoctors',
        summary: 'List the shared doctor directory, paged',
        description:
          'With establishment={id}, that establishment’s own directory is listed too (404 unless the caller ' +
          'works there). keyword matches the start of a name or part of the practice name; role is GP, SP or HCP.',
        security,
        querystring: DoctorListQuerySchema,
        response: {
          200: DoctorEntryPageSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const query = request.query;
      if (query.establishment !== undefined && !mayUseDirectoryOf(caller, query.establishment)) {
        throw notFound();
      }
      const { count, results } = await listDoctors(db, caller, {
        ...query,
        where: sharedDirectoryWith(query.establishment),
      });
      return toPage(request, query, count, results, app.config.publicUrl);
    },
  );

  app.post(
    '/api/doctors/invite/',
    {
      config,
      schema: {
        tags,
        operationId: 'inviteDoctor',
        summary: 'Add a doctor to the shared directory, and with send_email invite them by email',
        description:
          'send_email=true with an email queues an invitation to create an account. An email that belongs to ' +
          'a platform user links the entry to them.',
        security,
        querystring: DoctorInviteQuerySchema,
        body: DoctorWriteSchema,
        response: {
          201: DoctorEntrySchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const input = request.body;
      const email = input.email?.toLowerCase() ?? null;
      const created = await db.transaction(async (tx) => {
        const [account] = email
          ? await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
          : [];
        const entry = await createDoctor(tx, {
          caller,
          establishmentId: null,
          input,
          userId: account?.id ?? null,
          actor: directoryAuditActor(request, caller),
        });
        if (request.query.send_email && email) {
          const [inviter] = await tx
            .select({ title: users.title, first_name: users.first_name, last_name: users.last_name })
            .from(users)
            .where(eq(users.id, caller.userId));
          const inviterName = inviter
            ? [
                titles.isCode(inviter.title) ? titles.display(inviter.title) : null,
                inviter.first_name,
                inviter.last_name,
              ]
                .filter(Boolean)
                .join(' ')
            : 'A colleague';
          await sendMail(
            app,
            doctorInvitationEmail(app.config.publicUrl, {
              to: email,
              first_name: input.first_name,
              inviter: inviterName,
              hasAccount: account !== undefined,
            }),
            tx,
          );
        }
        return entry;
      });
      app.jobs.wake();
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/doctors/:id/',
    {
      config,
      schema: {
        tags,
        operationId: 'getDoctor',
        summary: 'One entry of the shared directory (or of a directory of the caller’s establishments)',
        security,
        params: DoctorIdParamsSchema,
        response: {
          200: DoctorEntrySchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      // Any entry the caller may read: a list with ?establishment links its own entries here too.
      const found = await getDoctor(db, caller, request.params.id, sql`true`);
      if (!found) throw notFound();
      return found;
    },
  );

  app.put(
    '/api/doctors/:id/',
    {
      config,
      schema: {
        tags,
        operationId: 'updateDoctor',
        summary: 'Change a shared entry (only the creator’s establishment; else 404)',
        security,
        params: DoctorIdParamsSchema,
        body: DoctorWriteSchema,
        response: {
          200: DoctorEntrySchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const updated = await db.transaction((tx) =>
        updateDoctor(tx, {
          caller,
          id: request.params.id,
          where: sharedDirectoryWith(undefined),
          input: request.body,
          actor: directoryAuditActor(request, caller),
        }),
      );
      if (!updated) throw notFound();
      return updated;
    },
  );

  app.delete(
    '/api/doctors/:id/',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteDoctor',
        summary: 'Delete a shared entry (only the creator’s establishment; else 404)',
        security,
        params: DoctorIdParamsSchema,
        response: {
          204: z.undefined(),
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const deleted = await db.transaction((tx) =>
        deleteDoctor(tx, {
          caller,
          id: request.params.id,
          where: sharedDirectoryWith(undefined),
          actor: directoryAuditActor(request, caller),
        }),
      );
      if (!deleted) throw notFound();
      return reply.status(204).send();
    },
  );

  done();
};
