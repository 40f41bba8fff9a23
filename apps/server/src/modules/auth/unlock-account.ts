import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema/people.ts';
import { auditActorOf, recordAudit } from '../audit/record-audit.ts';
import { spendOneTimeToken } from './one-time-tokens.ts';
import { unlockSignIn } from './sign-in-throttle.ts';

/**
 * Lifts a sign-in lock with the emailed unlock link: spends the token, empties the account's bucket and
 * audits `auth.unlock`, in one transaction. Answers false when the link is unknown, spent or expired.
 */
export async function unlockAccount(options: {
  db: Database;
  request: FastifyRequest;
  token: string;
}): Promise<boolean> {
  return options.db.transaction(async (tx) => {
    const spent = await spendOneTimeToken(tx, options.token, 'unlock');
    if (!spent) return false;
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, spent.userId));
    if (!user) return false;
    await unlockSignIn(tx, user.email);
    await recordAudit(tx, auditActorOf(options.request, { userId: spent.userId }), {
      action: 'auth.unlock',
      resourceType: 'user',
      resourceId: spent.userId,
    });
    return true;
  });
}
