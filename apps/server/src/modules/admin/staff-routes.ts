import { and, asc, count, eq, gt, ilike, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  StaffListQuerySchema,
  StaffMemberSchema,
  StaffPageSchema,
  StaffUpdateSchema,
  type StaffListQuery,
} from '@referrals/domain/people/employment-schemas';
import { canAdministerEstablishment } from '@referrals/domain/people/access-rules';
import { CLOSED_EMPLOYMENT_STATUSES } from '@referrals/domain/people/people-codes';
import { employments, users } from '../../db/schema/people.ts';
import type { Database } from '../../db/database.ts';
import { notFound, permissionDenied } from '../../http/api-errors.ts';
import { pageWindow, toPage } from '../../http/paging.ts';
import { isUuid } from '../../http/ids.ts';
import type { AccessRule } from '../tenancy/route-access.ts';
import { callerOf, type Caller } from '../tenancy/caller.ts';
import { loadStaffMember, staffColumns, toStaffMember } from '../employments/staff-member.ts';
import { updateStaff } from './update-staff.ts';

/** The admin portal (section 2: admin/users/all|removed/:user) is for the approved account holder of the current establishment. */
export const accountHolderOfCurrentEstablishment: AccessRule = {
  name: 'account holder of the current establishment',
  allows: (caller) => canAdministerEstablishment(caller.current),
};

/** The establishment the admin portal acts for; the access rule has made sure there is one. */
function administered(caller: Caller): string {
  const id = caller.current?.establishment.id;
  if (!id) throw notFound();
  return id;
}

/**
 * For a call about one member of staff: the current establishment, when the employment is there and the
 * caller administers it. Staff anywhere else answer the 404 of a missing id, whoever asks (so ids cannot
 * be probed); a colleague who is not the account holder asking about their own establishment's staff
 * gets 403.
 */
async function staffEstablishment(caller: Caller, employmentId: string, db: Database): Promise<string> {
  const establishmentId = caller.current?.establishment.id;
  if (!establishmentId || !isUuid(employmentId)) throw notFound();
  const [here] = await db
    .select({ id: employments.id })
    .from(employments)
    .where(and(eq(employments.id, employmentId), eq(employments.establishment_id, establishmentId)));
  if (!here) throw notFound();
  if (!accountHolderOfCurrentEstablishment.allows(caller)) throw permissionDenied();
  return establishmentId;
}

/** Active staff (invitations still open) or removed staff (closed, and invitations past their date). */
function listCondition(list: StaffListQuery['list'], now: Date): SQL | undefined {
  if (list === 'removed') {
    return or(
      inArray(employments.status, [...CLOSED_EMPLOYMENT_STATUSES]),
      and(eq(employments.status, 'INVITED'), lte(employments.invite_expires_at, now)),
    );
  }
  return or(
    inArray(employments.status, ['UNVERIFIED', 'REQUESTED', 'APPROVED']),
    and(
      eq(employments.status, 'INVITED'),
      or(isNull(employments.invite_expires_at), gt(employments.invite_expires_at, now)),
    ),
  );
}

/** Every word of the keyword must appear in a name or the email address. */
function keywordCondition(keyword: string | undefined): SQL[] {
  return (keyword ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const pattern = `%${word.replace(/[%_\\]/g, '\\$&')}%`;
      return or(
        ilike(users.first_name, pattern),
        ilike(users.last_name, pattern),
        ilike(users.email, pattern),
      );
    })
    .filter((condition): condition is SQL => condition !== undefined);
}

const IdParamsSchema = z.object({ id: z.string() });

export const staffRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const tags = ['admin'];

  app.get(
    '/api/admin/users/',
    {
      config: { access: accountHolderOfCurrentEstablishment },
      schema: {
        tags,
        operationId: 'listStaff',
        summary: "The current establishment's staff: all (active) or removed (closed)",
        description: 'For the approved account holder of the current establishment; anyone else gets 403.',
        security,
        querystring: StaffListQuerySchema,
        response: {
          200: StaffPageSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const query = request.query;
      const establishmentId = administered(await callerOf(request));
      const now = new Date();
      const where = and(
        eq(employments.establishment_id, establishmentId),
        listCondition(query.list, now),
        ...keywordCondition(query.keyword),
      );
      const { limit, offset } = pageWindow(query);
      const [total] = await db
        .select({ n: count() })
        .from(employments)
        .innerJoin(users, eq(users.id, employments.user_id))
        .where(where);
      const rows = await db
        .select(staffColumns)
        .from(employments)
        .innerJoin(users, eq(users.id, employments.user_id))
        .where(where)
        .orderBy(asc(users.last_name), asc(users.first_name), asc(employments.id))
        .limit(limit)
        .offset(offset);
      const results = rows.map((row) => toStaffMember(row, now));
      return toPage(request, query, total?.n ?? 0, results, app.config.publicUrl);
    },
  );

  app.get(
    '/api/admin/users/:id/',
    {
      // Checked in the handler: another establishment's staff must answer 404 even to non-holders.
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'getStaffMember',
        summary: 'One member of the current establishment’s staff',
        description:
          'The id is the employment id. For the account holder of the current establishment (a colleague ' +
          'gets 403); staff of another establishment answer 404 to anyone.',
        security,
        params: IdParamsSchema,
        response: {
          200: StaffMemberSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const establishmentId = await staffEstablishment(await callerOf(request), request.params.id, db);
      const member = await loadStaffMember(db, request.params.id, establishmentId);
      if (!member) throw notFound();
      return member;
    },
  );

  app.patch(
    '/api/admin/users/:id/',
    {
      // Checked in the handler, like GET.
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'updateStaffMember',
        summary: 'Approve, reject or revoke a member of staff, and set their access',
        description:
          'action approve/reject/revoke (409 when the status does not allow it; you cannot revoke yourself), ' +
          'and the grants. Staff of another establishment answer 404 and nothing changes.',
        security,
        params: IdParamsSchema,
        body: StaffUpdateSchema,
        response: {
          200: StaffMemberSchema,
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
      return updateStaff({
        db,
        request,
        callerId: caller.userId,
        establishmentId: await staffEstablishment(caller, request.params.id, db),
        employmentId: request.params.id,
        update: request.body,
      });
    },
  );

  done();
};
