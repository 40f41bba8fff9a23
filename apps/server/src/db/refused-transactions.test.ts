import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asOwner } from '../../test/test-database.ts';
import { referralParties, type ReferralParties } from '../modules/referrals/referral-test-parties.ts';
import { queryRows, TRANSACTION_ATTEMPTS } from './database.ts';

// PostgreSQL may still refuse a write for another's sake (a deadlock it breaks, a serialization failure).
// Here the database itself refuses the first `n` attempts of a referral create: a trigger raises the real
// SQLSTATE, counted by a sequence, which a rollback does not undo.
describe('a write that PostgreSQL refuses', () => {
  let t: TestApp;
  let p: ReferralParties;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
  });
  afterEach(() =>
    asOwner(t.database, async (tx) => {
      await tx.execute(sql`drop function if exists refuse_history() cascade`);
      await tx.execute(sql`drop sequence if exists refusals`);
    }),
  );
  afterAll(() => t.app.close());

  /** The next `count` referral history rows are refused with `code`, whichever transaction writes them. */
  const refuse = (count: number, code: string) =>
    asOwner(t.database, async (tx) => {
      await tx.execute(sql`create sequence refusals`);
      await tx.execute(
        sql.raw(`create function refuse_history() returns trigger language plpgsql as $$
          begin
            if nextval('refusals') <= ${count} then
              raise exception 'refused for the test' using errcode = '${code}';
            end if;
            return new;
          end $$`),
      );
      await tx.execute(sql`create trigger refuse_history before insert on referral_history
        for each row execute function refuse_history()`);
    });

  const createDraft = () =>
    p.gp.api('POST', '/api/referrals/', {
      type: 'IN-APP',
      patient: p.patient.id,
      to_establishment: p.clinic.id,
    });

  const rowsAbout = async (referralId: string) =>
    asOwner(t.database, async (tx) => ({
      history: await queryRows(
        tx,
        sql`select action from referral_history where referral_id = ${referralId}`,
      ),
      audit: await queryRows(tx, sql`select action from audit_log where resource_id = ${referralId}`),
    }));

  it.each(['40P01', '40001'])(
    'runs again after %s, and writes its history and audit rows once',
    async (code) => {
      await refuse(TRANSACTION_ATTEMPTS - 1, code);
      const res = await createDraft();
      expect(res.statusCode).toBe(201);
      const rows = await rowsAbout(res.json<{ id: string }>().id);
      expect(rows).toEqual({ history: [{ action: 'create' }], audit: [{ action: 'referral.create' }] });
    },
  );

  it('answers 503 with Retry-After when every attempt is refused, and keeps nothing of it', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from referrals`))[0]?.n;
    const before = await count();
    await refuse(TRANSACTION_ATTEMPTS, '40P01');
    const res = await createDraft();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({
      detail: 'The service is briefly unavailable. Please try again in a few seconds.',
    });
    expect(await count()).toBe(before);
  });

  it.each(['57014', '55P03'])(
    'answers 503 at once for a statement or lock timeout (%s), without running the write again',
    async (code) => {
      await refuse(1, code);
      const res = await createDraft();
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      // The sequence counted one attempt: a timeout has already cost the caller its wait.
      const [attempts] = await asOwner(t.database, (tx) =>
        queryRows<{ n: number }>(tx, sql`select last_value::int as n from refusals`),
      );
      expect(attempts?.n).toBe(1);
    },
  );
});
