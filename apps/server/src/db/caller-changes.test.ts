import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from './schema/auth.ts';
import { establishments } from './schema/establishments.ts';
import { employments, users } from './schema/people.ts';
import type { DatabaseHandle } from './database.ts';
import { createEmployment, createEstablishment, createUser } from './factories/factories.ts';
import { workerAppDatabase, workerDatabase } from '../../test/test-database.ts';

// Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL): migration 0017's triggers and the handle's feed.
describe('the database announces changes to what a session check reads', () => {
  let owner: DatabaseHandle;
  let server: DatabaseHandle;
  const heard: string[] = [];
  let stopHearing: () => void;
  beforeAll(async () => {
    owner = await workerDatabase();
    server = await workerAppDatabase();
    stopHearing = server.callerChanges.subscribe({
      changed: (subject) => heard.push(subject),
      reset: () => heard.push('(reset)'),
    });
  });
  afterAll(() => stopHearing());

  /** What was heard while `write` ran, up to the moment its promise resolved. */
  async function heardDuring(write: () => Promise<unknown>): Promise<string[]> {
    heard.length = 0;
    await write();
    return [...heard];
  }
  /** Whatever arrives late too: other pooled connections tell the same change a moment later. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

  it('is live while the server’s connection listens', async () => {
    // On PostgreSQL the pool's connections listen, and an idle pool may have closed them all (its idle
    // timeout): a query opens one, which listens before the pool hands it out.
    expect(await server.ping()).toBe(true);
    expect(server.callerChanges.live()).toBe(true);
  });

  it('has told the server of its own write by the time the write resolves, in a transaction too', async () => {
    const person = await createUser(owner.db);
    const db = server.db;
    expect(
      await heardDuring(() => db.update(users).set({ session_expiry: 15 }).where(eq(users.id, person.id))),
    ).toContain(`user:${person.id}`);
    const grantId = randomUUID();
    expect(
      await heardDuring(() =>
        db.transaction(async (tx) => {
          await tx.insert(authSessions).values({ grant_id: grantId, user_id: person.id });
          await tx.update(users).set({ session_expiry: 20 }).where(eq(users.id, person.id));
        }),
      ),
    ).toEqual(expect.arrayContaining([`session:${grantId}`, `user:${person.id}`]));
  });

  it('tells the server of a write through the owner’s connection before it resolves (tests set up so)', async () => {
    const person = await createUser(owner.db);
    expect(
      await heardDuring(() =>
        owner.db.update(users).set({ session_expiry: 25 }).where(eq(users.id, person.id)),
      ),
    ).toContain(`user:${person.id}`);
  });

  it('names the session, the user of an employment (both when it moves), or all for an establishment', async () => {
    const [place, other] = [await createEstablishment(owner.db), await createEstablishment(owner.db)];
    const [ann, bob] = [await createUser(owner.db), await createUser(owner.db)];
    const grantId = randomUUID();
    const db = server.db;
    expect(
      await heardDuring(() => db.insert(authSessions).values({ grant_id: grantId, user_id: ann.id })),
    ).toContain(`session:${grantId}`);
    expect(
      await heardDuring(() =>
        db.update(authSessions).set({ ended_at: new Date() }).where(eq(authSessions.grant_id, grantId)),
      ),
    ).toContain(`session:${grantId}`);
    let jobId = '';
    expect(
      await heardDuring(async () => {
        jobId = (await createEmployment(db, { user_id: ann.id, establishment_id: place.id })).id;
      }),
    ).toContain(`user:${ann.id}`);
    expect(
      await heardDuring(() =>
        db.update(employments).set({ user_id: bob.id }).where(eq(employments.id, jobId)),
      ),
    ).toEqual(expect.arrayContaining([`user:${ann.id}`, `user:${bob.id}`]));
    expect(
      await heardDuring(() =>
        db.update(establishments).set({ hospital_id: other.id }).where(eq(establishments.id, place.id)),
      ),
    ).toContain('all');
    expect(await heardDuring(() => db.delete(employments).where(eq(employments.id, jobId)))).toContain(
      `user:${bob.id}`,
    );
  });

  it('says nothing of a change the check does not read, or one rolled back', async () => {
    const place = await createEstablishment(owner.db);
    const person = await createUser(owner.db);
    await settle();
    heard.length = 0;
    await server.db
      .update(establishments)
      .set({ name: 'Renamed Clinic' })
      .where(eq(establishments.id, place.id));
    await server.db
      .transaction(async (tx) => {
        await tx.update(users).set({ session_expiry: 40 }).where(eq(users.id, person.id));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await settle();
    expect(heard).toEqual([]);
  });
});
