import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CodedValueSchema } from '@referrals/domain/api';
import {
  ImportActivityPageSchema,
  ImportActivityQuerySchema,
  ImportItemPageSchema,
  ImportItemSchema,
  ImportItemUpdateSchema,
  ImportListQuerySchema,
} from '@referrals/domain/imports/import-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../../http/error-responses.ts';
import { toPage } from '../../../http/paging.ts';
import {
  ImportItemParamsSchema,
  ImportKindItemParamsSchema,
  importCall,
  importQueueOf,
  worksImportQueue,
} from './import-call.ts';
import { listImportActivity } from './list-import-activity.ts';
import { listImportItems } from './list-import-items.ts';
import { getImportItem } from './read-import-item.ts';
import { updateImportItem } from './update-import-item.ts';

const ImportConflictSchema = z.object({ detail: z.string(), status: CodedValueSchema.optional() });

const WHO =
  ' For the staff of your current establishment with accept_referral; anyone else, and another ' +
  'establishment’s item, get the 404 of a missing one.';

/**
 * The import queue (spec section 7 Import; docs/import-queue.md, The queue): the emails and faxes that
 * reached the establishment's intake address, one item with its files, the lifecycle actions, and what was
 * done to them. The files and TIFF pages are in import-file-routes.ts.
 */
export const importQueueRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const tags = ['import'];
  const errors = SIGNED_IN_ERROR_RESPONSES;
  const config = { access: 'signed-in' as const };
  const queueConfig = { access: worksImportQueue };

  app.get(
    '/api/import/email/',
    {
      config: queueConfig,
      schema: {
        tags,
        operationId: 'listImportItems',
        summary: 'The import queue: the emails and faxes your establishment received (paged)',
        description:
          'Newest first. `status`: new (default), dismissed, converted or all; `assignee`: `me` or a ' +
          'user’s id. `unread_count` counts the new items no one has marked read yet, whatever the ' +
          'filter. Faxes and HL7 messages are listed here too (kind fax, hl7). Each listed item is audited. ' +
          'For the staff of ' +
          'your current establishment with accept_referral; anyone else gets 403.',
        security,
        querystring: ImportListQuerySchema,
        response: { 200: ImportItemPageSchema, ...errors },
      },
    },
    async (request) => {
      const { caller, actor, establishmentId } = await importQueueOf(request);
      const { count, unread_count, results } = await listImportItems(db, {
        caller,
        actor,
        establishmentId,
        query: request.query,
      });
      const page = toPage(request, request.query, count, results, app.config.publicUrl);
      return { ...page, unread_count };
    },
  );

  app.get(
    '/api/import/email/:id/',
    {
      config,
      schema: {
        tags,
        operationId: 'getImportItem',
        summary: 'One import item: its message text and files',
        description:
          'Reads the item and changes nothing: it stays unread until PATCH import/{kind}/{id}/ with ' +
          'action read marks it read. Every read is audited.' +
          WHO,
        security,
        params: ImportItemParamsSchema,
        response: { 200: ImportItemSchema, ...errors },
      },
    },
    async (request) => getImportItem(db, await importCall(request, request.params.id)),
  );

  app.patch(
    '/api/import/:kind/:id/',
    {
      config,
      schema: {
        tags,
        operationId: 'updateImportItem',
        summary: 'Assign, dismiss, restore, or mark read or unread an import item',
        description:
          '`kind` (email, fax or hl7) must be the item’s. `action`: assign (`assignee`: an approved ' +
          'colleague with accept_referral, or null to unassign), dismiss (`dismissed_reason`; ' +
          '`other_dismissed_reason` when it is other), restore, read (marks it read for the ' +
          'establishment; the first time anyone does, it is recorded in the activity as opened), ' +
          'unread. An action the item’s status does not allow is a 409 naming the status. Answers ' +
          'the item.' +
          WHO,
        security,
        params: ImportKindItemParamsSchema,
        body: ImportItemUpdateSchema,
        response: { 200: ImportItemSchema, ...errors, 409: ImportConflictSchema },
      },
    },
    async (request) =>
      updateImportItem(db, {
        call: await importCall(request, request.params.id),
        kind: request.params.kind,
        body: request.body,
      }),
  );

  app.get(
    '/api/import/activity/',
    {
      config: queueConfig,
      schema: {
        tags,
        operationId: 'listImportActivity',
        summary: 'What was done to your establishment’s import items, newest first (paged)',
        description:
          '`item`: one item’s activity only. Each row names who did it (none for the intake ' +
          'itself) and the particulars: the assignee, the dismiss reason, the referral. Each item the ' +
          'page shows is audited once. For the staff of your current establishment with ' +
          'accept_referral; anyone else gets 403.',
        security,
        querystring: ImportActivityQuerySchema,
        response: { 200: ImportActivityPageSchema, ...errors },
      },
    },
    async (request) => {
      const { actor, establishmentId } = await importQueueOf(request);
      const { count, results } = await listImportActivity(db, {
        actor,
        establishmentId,
        query: request.query,
      });
      return toPage(request, request.query, count, results, app.config.publicUrl);
    },
  );
  done();
};
