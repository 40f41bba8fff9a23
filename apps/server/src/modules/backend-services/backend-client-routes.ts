import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DetailErrorSchema, FieldErrorsSchema, PageQuerySchema } from '@referrals/domain/api';
import {
  BackendClientPageSchema,
  BackendClientParamsSchema,
  BackendClientSchema,
  BackendClientWriteSchema,
} from '@referrals/domain/establishments/backend-client-schemas';
import { EstablishmentIdParamsSchema } from '@referrals/domain/establishments/establishment-schemas';
import { toPage } from '../../http/paging.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { callerOf } from '../tenancy/caller.ts';
import { listBackendClients } from './list-backend-clients.ts';
import { registerBackendClient } from './register-backend-client.ts';
import { revokeBackendClient } from './revoke-backend-client.ts';

const CLIENTS_PATH = '/api/establishments/:id/backend-clients/';

/**
 * An establishment's backend services, in its settings (SMART Backend Services; docs/interop.md, System-to-
 * system access): registered with their public keys and system scopes, listed, revoked. Kept by whoever may
 * edit the establishment; anyone else gets the 404 of a missing establishment.
 */
export const backendClientRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];

  app.get(
    CLIENTS_PATH,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['establishments'],
        operationId: 'listBackendClients',
        summary: "The establishment's backend services, newest first (only when can_edit)",
        description:
          'Revoked ones too, with `revoked_at`. 404 unless the caller may edit the establishment. A service ' +
          'gets its token at the token endpoint of `/fhir/.well-known/smart-configuration` with a ' +
          'private_key_jwt assertion (docs/interop.md).',
        security,
        params: EstablishmentIdParamsSchema,
        querystring: PageQuerySchema,
        response: {
          200: BackendClientPageSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const { count, results } = await listBackendClients(db, {
        caller,
        establishmentId: request.params.id,
        query: request.query,
      });
      return toPage(request, request.query, count, results, app.config.publicUrl);
    },
  );

  app.post(
    CLIENTS_PATH,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['establishments'],
        operationId: 'registerBackendClient',
        summary: 'Register a backend service of the establishment (only when can_edit)',
        description:
          'Its public keys as a JWK set (RSA for RS384 or EC P-384 for ES384, each with a kid; a private ' +
          'member such as `d` is a 400) and the system scopes its tokens may carry (`system/ServiceRequest.rs`, ' +
          'v1 `system/*.read`). Answers the new `client_id`, which the service puts in its assertion as iss ' +
          'and sub. 404 unless the caller may edit the establishment.',
        security,
        params: EstablishmentIdParamsSchema,
        body: BackendClientWriteSchema,
        response: {
          201: BackendClientSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const client = await registerBackendClient(db, {
        caller,
        actor: auditActorOf(request, caller),
        establishmentId: request.params.id,
        body: request.body,
      });
      return reply.status(201).send(client);
    },
  );

  app.post(
    `${CLIENTS_PATH}:clientId/revoke/`,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['establishments'],
        operationId: 'revokeBackendClient',
        summary: 'Revoke a backend service: no new token, and its tokens refused from their next call',
        description:
          'The service stays in the list with `revoked_at`. 404 unless the caller may edit the establishment ' +
          'and the service is one of its own; 409 when it was revoked already.',
        security,
        params: BackendClientParamsSchema,
        response: {
          200: BackendClientSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          404: DetailErrorSchema,
          409: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      return revokeBackendClient(db, {
        caller,
        actor: auditActorOf(request, caller),
        establishmentId: request.params.id,
        clientId: request.params.clientId,
      });
    },
  );

  done();
};
