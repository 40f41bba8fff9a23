import { eq } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DirectoryListQuerySchema,
  DoctorEntryPageSchema,
  DoctorEntrySchema,
  DoctorWriteSchema,
} from '@referrals/domain/directory/doctor-schemas';
import { directoryDoctors } from '../../db/schema/patients.ts';
import { notFound } from '../../http/api-errors.ts';
import { toPage } from '../../http/paging.ts';
import { callerOf, type Caller } from '../tenancy/caller.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { createDoctor } from './create-doctor.ts';
import { deleteDoctor } from './delete-doctor.ts';
import { outsideLimitedMode } from '../tenancy/route-access.ts';
import { getDoctor, listDoctors } from './directory-doctors.ts';
import { updateDoctor } from './update-doctor.ts';
import { mayUseDirectoryOf } from './directory-visibility.ts';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';

export const DirectoryParamsSchema = z.object({ est: z.uuid() });
export const DirectoryEntryParamsSchema = z.object({ est: z.uuid(), id: z.uuid() });

/** `{est}` must be an establishment the caller may act for; any other answers 404 like a missing one. */
function directoryOf(caller: Caller, est: string) {
  if (!mayUseDirectoryOf(caller, est)) throw notFound();
  return eq(directoryDoctors.establishment_id, est);
}

/**
 * An establishment's own directory (spec section 7: directory/{est}/doctors/): the doctors and other
 * health professionals its staff address referrals and reports to. Role HCP entries are its Other HCPs
 * contacts (/contacts/).
 */
export const directoryRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const config = { access: outsideLimitedMode };
  const tags = ['directory'];
  const errors = SIGNED_IN_ERROR_RESPONSES;

  app.get(
    '/api/directory/:est/doctors/',
    {
      config,
      schema: {
        tags,
        operationId: 'listDirectoryDoctors',
        summary: 'List an establishment’s own directory, paged; role=HCP lists its Other HCPs',
        security,
        params: DirectoryParamsSchema,
        querystring: DirectoryListQuerySchema,
        response: { 200: DoctorEntryPageSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const where = directoryOf(caller, request.params.est);
      const { count, results } = await listDoctors(db, caller, { ...request.query, where });
      return toPage(request, request.query, count, results, app.config.publicUrl);
    },
  );

  app.post(
    '/api/directory/:est/doctors/',
    {
      config,
      schema: {
        tags,
        operationId: 'createDirectoryDoctor',
        summary: 'Add an entry to an establishment’s own directory',
        security,
        params: DirectoryParamsSchema,
        body: DoctorWriteSchema,
        response: { 201: DoctorEntrySchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      directoryOf(caller, request.params.est);
      const created = await createDoctor(db, {
        caller,
        actor: auditActorOf(request, caller),
        establishmentId: request.params.est,
        input: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/directory/:est/doctors/:id/',
    {
      config,
      schema: {
        tags,
        operationId: 'getDirectoryDoctor',
        summary: 'One entry of an establishment’s own directory',
        security,
        params: DirectoryEntryParamsSchema,
        response: { 200: DoctorEntrySchema, ...errors },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const found = await getDoctor(db, caller, request.params.id, directoryOf(caller, request.params.est));
      if (!found) throw notFound();
      return found;
    },
  );

  app.put(
    '/api/directory/:est/doctors/:id/',
    {
      config,
      schema: {
        tags,
        operationId: 'updateDirectoryDoctor',
        summary: 'Change an entry of an establishment’s own directory',
        security,
        params: DirectoryEntryParamsSchema,
        body: DoctorWriteSchema,
        response: { 200: DoctorEntrySchema, ...errors },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      return updateDoctor(db, {
        caller,
        actor: auditActorOf(request, caller),
        id: request.params.id,
        where: directoryOf(caller, request.params.est),
        input: request.body,
      });
    },
  );

  app.delete(
    '/api/directory/:est/doctors/:id/',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteDirectoryDoctor',
        summary: 'Delete an entry of an establishment’s own directory',
        security,
        params: DirectoryEntryParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      await deleteDoctor(db, {
        caller,
        actor: auditActorOf(request, caller),
        id: request.params.id,
        where: directoryOf(caller, request.params.est),
      });
      return reply.status(204).send();
    },
  );

  done();
};
