import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DetailErrorSchema } from '@referrals/domain/api';
import {
  EstablishmentCountersListSchema,
  type EstablishmentCounters,
} from '@referrals/domain/people/employment-schemas';
import type { Role } from '@referrals/domain/people/people-codes';
import { canAccessEstablishment } from '@referrals/domain/profile/profile-save-rules';
import type { Queryable } from '../../db/database.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { callerOf } from '../tenancy/caller.ts';
import { employmentsOf } from './employment-rows.ts';

/** The inbox statuses the selector counts, and the counter each fills (section 2 Establishment selector). */
const COUNTED = { SBMT: 'new', UPDT: 'new', VWD: 'under_review', ACPT: 'accepted' } as const;
type Counted = keyof typeof COUNTED;

/**
 * The selector's counters: inbox referrals New, Under Review and Accepted (not deleted, not archived) for
 * each establishment the caller may access, in the order of their employments, from one grouped query.
 */
export async function establishmentCounters(
  q: Queryable,
  userId: string,
  role: Role | null,
): Promise<EstablishmentCounters[]> {
  const ids = [
    ...new Set(
      (await employmentsOf(q, userId, new Date()))
        .filter((e) => canAccessEstablishment(role, e))
        .map((e) => e.establishment.id),
    ),
  ];
  if (ids.length === 0) return [];
  const rows = await q
    .select({ id: referrals.to_establishment_id, status: referrals.status, n: count() })
    .from(referrals)
    .where(
      and(
        inArray(referrals.to_establishment_id, ids),
        inArray(referrals.status, Object.keys(COUNTED)),
        eq(referrals.is_deleted, false),
        eq(referrals.receiver_deleted, false),
        eq(referrals.receiver_archived, false),
      ),
    )
    .groupBy(referrals.to_establishment_id, referrals.status);
  const counters = new Map(
    ids.map((id) => [id, { establishment_id: id, new: 0, under_review: 0, accepted: 0 }]),
  );
  for (const row of rows) {
    const entry = row.id === null ? undefined : counters.get(row.id);
    if (entry) entry[COUNTED[row.status as Counted]] += Number(row.n);
  }
  return [...counters.values()];
}

export const counterRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/profile/establishment-counters/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['employments'],
        operationId: 'listEstablishmentCounters',
        summary: 'Inbox counters New, Under Review and Accepted for each establishment you may switch to',
        security: [{ bearer: [] }],
        response: { 200: EstablishmentCountersListSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      return establishmentCounters(app.database.db, caller.userId, caller.role);
    },
  );
  done();
};
