import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DetailErrorSchema, FieldErrorsSchema, PageQuerySchema } from '@referrals/domain/api';
import type { ApprovalAction } from '@referrals/domain/establishments/establishment-approval';
import {
  EstablishmentIdParamsSchema,
  WaitingEstablishmentPageSchema,
  WaitingEstablishmentSchema,
} from '@referrals/domain/establishments/establishment-schemas';
import { notFound } from '../../http/api-errors.ts';
import { toPage } from '../../http/paging.ts';
import { callerOf } from '../tenancy/caller.ts';
import { platformAdminOnly } from '../tenancy/route-access.ts';
import { listWaitingEstablishments, waitingEstablishment } from './approval-queue.ts';

import { auditActorOf } from '../audit/record-audit.ts';
import { reviewEstablishment } from './review-establishment.ts';

/**
 * The platform administrators' calls: the queue of establishments waiting for approval or verification,
 * and the two decisions. Everyone else gets 403, whatever establishment they hold.
 */
export const approvalQueueRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];

  app.get(
    '/api/platform/establishments/',
    {
      config: { access: platformAdminOnly },
      schema: {
        tags: ['platform'],
        operationId: 'listWaitingEstablishments',
        summary: 'Establishments waiting for approval, then for verification, oldest first',
        security,
        querystring: PageQuerySchema,
        response: {
          200: WaitingEstablishmentPageSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const { count, results } = await listWaitingEstablishments(db, request.query);
      return toPage(request, request.query, count, results, app.config.publicUrl);
    },
  );

  const decision = (action: ApprovalAction, summary: string, description: string) =>
    app.post(
      `/api/platform/establishments/:id/${action}/`,
      {
        config: { access: platformAdminOnly },
        schema: {
          tags: ['platform'],
          operationId: `${action}Establishment`,
          summary,
          description,
          security,
          params: EstablishmentIdParamsSchema,
          response: {
            200: WaitingEstablishmentSchema,
            400: FieldErrorsSchema,
            401: DetailErrorSchema,
            403: DetailErrorSchema,
            404: DetailErrorSchema,
            409: DetailErrorSchema,
          },
        },
      },
      async (request) => {
        const caller = await callerOf(request);
        const { id } = request.params;
        await reviewEstablishment(db, { actor: auditActorOf(request, caller), id, action });
        const decided = await waitingEstablishment(db, id);
        if (!decided) throw notFound();
        return decided;
      },
    );

  decision(
    'approve',
    'Approve an establishment: it is then offered as a receiver and for joining',
    '409 when it is already approved.',
  );
  decision(
    'verify',
    'Verify an approved establishment (a department is offered for joining only once verified)',
    '409 when it is not approved yet or already verified.',
  );

  done();
};
