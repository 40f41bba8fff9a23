import { providerOnly } from '../tenancy/route-access.ts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  EstablishmentSchema,
  EstablishmentWriteSchema,
} from '@referrals/domain/establishments/establishment-schemas';
import { notFound } from '../../http/api-errors.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { removeStoredFile } from '../files/file-store.ts';
import { callerOf } from '../tenancy/caller.ts';
import { getEstablishment } from './establishment-queries.ts';
import { EstablishmentIdParamsSchema } from '@referrals/domain/establishments/establishment-schemas';
import { createEstablishment, deleteEstablishment, updateEstablishment } from './establishment-writes.ts';

/**
 * Creating, changing and deleting establishments (spec section 7: POST establishments/, PUT and DELETE
 * establishments/{id}/). Who may change what is decided in establishment-visibility.ts.
 */
export const establishmentWriteRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const described = {
    includeDoctors: false,
    intakeDomain: app.config.inboundMail?.domain,
    publicUrl: app.config.publicUrl,
  };

  app.post(
    '/api/establishments/',
    {
      config: { access: providerOnly },
      schema: {
        tags: ['establishments'],
        operationId: 'createEstablishment',
        summary: 'Create an establishment; the caller becomes its account holder',
        description:
          'Not approved or verified until the platform does it. A department (DT) needs hospital_id of a ' +
          'hospital the caller can edit. No free primary or secondary place: 400 non_field_errors.',
        security,
        body: EstablishmentWriteSchema,
        response: { 201: EstablishmentSchema, 400: FieldErrorsSchema, 401: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const id = await createEstablishment(db, caller, request.body, auditActorOf(request, caller));
      const created = await getEstablishment(db, caller, id, described);
      if (!created) throw notFound();
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/establishments/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['establishments'],
        operationId: 'updateEstablishment',
        summary: 'Change an establishment (only when can_edit)',
        description:
          'The whole writable part; `intake_sender_domains` and `portal` (the public referral portal, ' +
          'docs/portals.md) left out keep what is stored, as does each setting left out of `portal`. ' +
          'Switching the portal on without a slug is a 400 on portal.enabled.',
        security,
        params: EstablishmentIdParamsSchema,
        body: EstablishmentWriteSchema,
        response: {
          200: EstablishmentSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const { id } = request.params;
      await updateEstablishment(db, caller, id, request.body, auditActorOf(request, caller));
      const updated = await getEstablishment(db, caller, id, described);
      if (!updated) throw notFound();
      return updated;
    },
  );

  app.delete(
    '/api/establishments/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['establishments'],
        operationId: 'deleteEstablishment',
        summary: 'Delete an establishment (only when can_delete)',
        description:
          '404 unless the caller can edit it; 409 while staff, departments or referrals refer to it.',
        security,
        params: EstablishmentIdParamsSchema,
        response: {
          204: z.undefined(),
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          404: DetailErrorSchema,
          409: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const logo = await deleteEstablishment(db, caller, request.params.id, auditActorOf(request, caller));
      await removeStoredFile(app.storage, logo);
      return reply.status(204).send();
    },
  );

  done();
};
