import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MyReferralTagListQuerySchema,
  MyReferralTagPageSchema,
  ReferralTagSchema,
  ReferralTagWriteSchema,
  StickyNoteSchema,
  StickyNoteWriteSchema,
} from '@referrals/domain/referrals/referral-annotation-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../../http/error-responses.ts';
import { toPage } from '../../../http/paging.ts';
import { callerOf } from '../../tenancy/caller.ts';
import { ReferralIdParamsSchema, referralCall } from '../referral-call.ts';
import { listMyReferralTags } from './list-my-referral-tags.ts';
import { addReferralTag, removeReferralTag, renameReferralTag } from './tag-referral.ts';
import { addStickyNote, editStickyNote, removeStickyNote } from './write-sticky-note.ts';

const TagParamsSchema = ReferralIdParamsSchema.extend({ tagId: z.string() });
const NoteParamsSchema = ReferralIdParamsSchema.extend({ noteId: z.string() });

/**
 * Tags and sticky notes on a referral (spec section 7: POST, PATCH, DELETE; they are read with the
 * referral), and the caller's own tag labels for the lists' "My tags". Each establishment's are its own; a shared-with reader may not write them (403).
 */
export const referralAnnotationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const tags = ['referrals'];
  const errors = SIGNED_IN_ERROR_RESPONSES;
  const config = { access: 'signed-in' as const };

  app.get(
    '/api/referrals/tags/',
    {
      config,
      schema: {
        tags,
        operationId: 'listMyReferralTags',
        summary: 'The labels you have tagged referrals with at your establishment, A to Z (for `my_tags`)',
        description:
          'Each label once whatever its case, as you first spelt it. `search` keeps the labels containing ' +
          'the text, in any case.',
        security,
        querystring: MyReferralTagListQuerySchema,
        response: { 200: MyReferralTagPageSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const { count, results } = await listMyReferralTags(db, { caller, query: request.query });
      return toPage(request, request.query, count, results, app.config.publicUrl);
    },
  );

  app.post(
    '/api/referrals/:id/tags/',
    {
      config,
      schema: {
        tags,
        operationId: 'addReferralTag',
        summary: 'Tag a referral for your establishment (`my_tags=true` lists what you tagged)',
        security,
        params: ReferralIdParamsSchema,
        body: ReferralTagWriteSchema,
        response: { 201: ReferralTagSchema, ...errors },
      },
    },
    async (request, reply) => {
      const call = await referralCall(request, request.params.id);
      return reply.status(201).send(await addReferralTag(db, { ...call, body: request.body }));
    },
  );

  app.patch(
    '/api/referrals/:id/tags/:tagId/',
    {
      config,
      schema: {
        tags,
        operationId: 'renameReferralTag',
        summary: 'Rename one of your establishment’s tags on a referral',
        security,
        params: TagParamsSchema,
        body: ReferralTagWriteSchema,
        response: { 200: ReferralTagSchema, ...errors },
      },
    },
    async (request) => {
      const call = await referralCall(request, request.params.id);
      return renameReferralTag(db, { ...call, tagId: request.params.tagId, body: request.body });
    },
  );

  app.delete(
    '/api/referrals/:id/tags/:tagId/',
    {
      config,
      schema: {
        tags,
        operationId: 'removeReferralTag',
        summary: 'Take a tag off a referral',
        security,
        params: TagParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const call = await referralCall(request, request.params.id);
      await removeReferralTag(db, { ...call, tagId: request.params.tagId });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/referrals/:id/sticky-notes/',
    {
      config,
      schema: {
        tags,
        operationId: 'addStickyNote',
        summary: 'Add a sticky note only your establishment sees',
        security,
        params: ReferralIdParamsSchema,
        body: StickyNoteWriteSchema,
        response: { 201: StickyNoteSchema, ...errors },
      },
    },
    async (request, reply) => {
      const call = await referralCall(request, request.params.id);
      return reply.status(201).send(await addStickyNote(db, { ...call, body: request.body }));
    },
  );

  app.patch(
    '/api/referrals/:id/sticky-notes/:noteId/',
    {
      config,
      schema: {
        tags,
        operationId: 'editStickyNote',
        summary: 'Edit one of your establishment’s sticky notes',
        security,
        params: NoteParamsSchema,
        body: StickyNoteWriteSchema,
        response: { 200: StickyNoteSchema, ...errors },
      },
    },
    async (request) => {
      const call = await referralCall(request, request.params.id);
      return editStickyNote(db, { ...call, noteId: request.params.noteId, body: request.body });
    },
  );

  app.delete(
    '/api/referrals/:id/sticky-notes/:noteId/',
    {
      config,
      schema: {
        tags,
        operationId: 'removeStickyNote',
        summary: 'Delete a sticky note',
        security,
        params: NoteParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const call = await referralCall(request, request.params.id);
      await removeStickyNote(db, { ...call, noteId: request.params.noteId });
      return reply.status(204).send();
    },
  );
  done();
};
