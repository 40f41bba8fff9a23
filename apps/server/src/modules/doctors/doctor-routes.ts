import { sql } from 'drizzle-orm';
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
import { notFound } from '../../http/api-errors.ts';
import { toPage } from '../../http/paging.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { createDoctor } from '../directory/create-doctor.ts';
import { deleteDoctor } from '../directory/delete-doctor.ts';
import { getDoctor, listDoctors } from '../directory/directory-doctors.ts';
import { updateDoctor } from '../directory/update-doctor.ts';
import { outsideLimitedMode } from '../tenancy/route-access.ts';
import { mayUseDirectoryOf, sharedDirectoryWith } from '../directory/directory-visibility.ts';
import { callerOf } from '../tenancy/caller.ts';

export const DoctorIdParamsSchema = z.object({ id: z.uuid() });

/**
 * The shared doctor directory (spec section 7 Doctors and directory): GET doctors/, GET, PUT and DELETE
 * doctors/{id}/, POST doctors/invite/. Platform users are not mixed in: they are GET providers/.
 * `?establishment=` adds that establishment's own directory to the list (the caller must work there).
 * Only the creator's establishment may change or delete a shared entry; for anyone else it is 404.
 */
export const doctorRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const config = { access: outsideLimitedMode };
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
      const created = await createDoctor(db, {
        caller,
        actor: auditActorOf(request, caller),
        establishmentId: null,
        input: request.body,
        ...(request.query.send_email ? { invite: { publicUrl: app.config.publicUrl } } : {}),
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
      return updateDoctor(db, {
        caller,
        actor: auditActorOf(request, caller),
        id: request.params.id,
        where: sharedDirectoryWith(undefined),
        input: request.body,
      });
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
      await deleteDoctor(db, {
        caller,
        actor: auditActorOf(request, caller),
        id: request.params.id,
        where: sharedDirectoryWith(undefined),
      });
      return reply.status(204).send();
    },
  );

  done();
};
