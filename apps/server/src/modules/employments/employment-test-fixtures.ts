import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { signedInAs } from '../../../test/sign-in-client.ts';
import type { Queryable } from '../../db/database.ts';
import { createUser, type User } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { employments, type users } from '../../db/schema/people.ts';
import { hashPassword } from '../auth/passwords.ts';

/** Test helpers shared by the employment and admin tests: people who can sign in, and database snapshots. */

export const PASSWORD = 'employment-tests-password';
let passwordHash: Promise<string> | undefined;

/** A provider with a verified address and the shared password. */
export async function createPerson(
  q: Queryable,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<User> {
  passwordHash ??= hashPassword(PASSWORD);
  return createUser(q, { password_hash: await passwordHash, email_verified_at: new Date(), ...overrides });
}

export type Api = Awaited<ReturnType<typeof signedInAs>>;

export function signIn(app: FastifyInstance, person: { email: string }): Promise<Api> {
  return signedInAs(app, person.email, PASSWORD);
}

/** Every employment row, for proving a refused call changed nothing. */
export function allEmployments(q: Queryable) {
  return q.select().from(employments).orderBy(asc(employments.id));
}

export async function employmentRow(q: Queryable, id: string) {
  const [row] = await q.select().from(employments).where(eq(employments.id, id));
  return row;
}

/** The audit actions recorded about one resource, oldest first. */
export async function auditedActions(q: Queryable, resourceId: string): Promise<string[]> {
  const rows = await q
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.resource_id, resourceId))
    .orderBy(asc(auditLog.id));
  return rows.map((row) => row.action);
}
