import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CaseConference } from '@referrals/domain/case-conferences/case-conference-schemas';
import type { DatabaseHandle } from '../../db/database.ts';
import { caseConferenceEvents, caseConferences } from '../../db/schema/case-conferences.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { openScratchDatabase } from '../../../test/test-database.ts';
import { insertReferral } from '../referrals/actions/referral-action-test-setup.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import { CASE_CONFERENCE_DEADLINE_JOB, runCaseConferenceDeadlines } from './case-conference-deadlines.ts';
import { conferencePaths, enableCaseConferences, startConference } from './case-conference-test-setup.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The 14-day deadlines (section 9) with a controlled clock: the one_day_warning a day before the end, the
 * close at the end, each exactly once. On PostgreSQL (TEST_DATABASE_URL, as in CI) two runners on two
 * connections really overlap; on PGlite's single connection they run one after the other.
 */
describe('the case conference deadlines', () => {
  let t: TestApp;
  let p: ReferralParties;
  let other: DatabaseHandle | null = null;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
    await enableCaseConferences(t.database.db, p.clinic.id);
    // A second job runner: another process's own connection on PostgreSQL.
    if (process.env.TEST_DATABASE_URL) other = await openScratchDatabase();
  });
  afterAll(async () => {
    await other?.close();
    await t.app.close();
  });

  async function started(): Promise<{ conference: CaseConference; referralId: string }> {
    const referralId = (await insertReferral(t.database.db, p, { status: 'ACPT' })).id;
    const conference = await startConference(p.gp, referralId, [p.specialist]);
    return { conference, referralId };
  }
  const eventsOf = (conferenceId: string, kind: string) =>
    t.database.db
      .select()
      .from(caseConferenceEvents)
      .where(and(eq(caseConferenceEvents.conference_id, conferenceId), eq(caseConferenceEvents.kind, kind)));

  it('warns a day before the end and closes at the end, once each, with the clock given', async () => {
    const { conference, referralId } = await started();
    const endsAt = new Date(conference.ends_at);
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, CASE_CONFERENCE_DEADLINE_JOB));
    expect(queued.map((job) => job.run_after.getTime())).toEqual(
      expect.arrayContaining([endsAt.getTime() - DAY, endsAt.getTime()]),
    );

    const run = (at: number) => runCaseConferenceDeadlines(t.app.database.db, { now: new Date(at) });
    expect(await run(endsAt.getTime() - DAY - HOUR)).toEqual({ warned: 0, closed: 0 });
    expect((await run(endsAt.getTime() - DAY + HOUR)).warned).toBeGreaterThanOrEqual(1);
    expect(await eventsOf(conference.id, 'one_day_warning')).toHaveLength(1);
    await run(endsAt.getTime() - HOUR);
    expect(await eventsOf(conference.id, 'one_day_warning')).toHaveLength(1);
    const warned = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.subject_id, conference.id), eq(notifications.action, 'one_day_warning')));
    // Both the owner and the invitee are told: nobody acted, so nobody is left out.
    expect(warned.map((row) => row.user_id).sort()).toEqual([p.gp.user.id, p.specialist.user.id].sort());
    expect(warned[0]?.text).toBe('A case conference about Olivia Whitfield closes in one day');

    // Still open until the end; a message then is fine.
    expect(
      (await p.gp.api('POST', conferencePaths(referralId).events, { message: 'Last word' })).statusCode,
    ).toBe(201);
    expect((await run(endsAt.getTime())).closed).toBeGreaterThanOrEqual(1);
    await run(endsAt.getTime() + DAY);
    const closed = await eventsOf(conference.id, 'closed');
    expect(closed).toHaveLength(1);
    expect(closed[0]?.author_id).toBeNull();
    const read = await p.specialist.api('GET', conferencePaths(referralId).base);
    expect(read.json<CaseConference>()).toMatchObject({
      status: { value: 'closed' },
      closed_by: null,
      closed_at: endsAt.toISOString(),
      is_read_only: true,
    });
    const late = await p.gp.api('POST', conferencePaths(referralId).events, { message: 'Too late' });
    expect([late.statusCode, late.json<{ status: unknown }>().status]).toEqual([
      409,
      { value: 'closed', display: 'Closed' },
    ]);
  });

  it('closes a conference past its end without a warning it no longer needs', async () => {
    const { conference } = await started();
    const endsAt = new Date(conference.ends_at).getTime();
    await runCaseConferenceDeadlines(t.app.database.db, { now: new Date(endsAt + HOUR) });
    expect(await eventsOf(conference.id, 'one_day_warning')).toHaveLength(0);
    expect(await eventsOf(conference.id, 'closed')).toHaveLength(1);
  });

  it('writes exactly one warning and one close with two job runners at once', async () => {
    const { conference } = await started();
    const endsAt = new Date(conference.ends_at).getTime();
    const second = other?.db ?? t.database.db;
    for (const at of [endsAt - DAY + HOUR, endsAt]) {
      const now = new Date(at);
      await Promise.all([
        runCaseConferenceDeadlines(t.app.database.db, { now }),
        runCaseConferenceDeadlines(second, { now }),
        runCaseConferenceDeadlines(t.app.database.db, { now }),
        runCaseConferenceDeadlines(second, { now }),
      ]);
    }
    expect(await eventsOf(conference.id, 'one_day_warning')).toHaveLength(1);
    expect(await eventsOf(conference.id, 'closed')).toHaveLength(1);
    const closedNotices = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.subject_id, conference.id), eq(notifications.action, 'closed')));
    expect(closedNotices).toHaveLength(2);
    const [row] = await t.database.db
      .select()
      .from(caseConferences)
      .where(eq(caseConferences.id, conference.id));
    expect(row?.status).toBe('closed');
  });
});
