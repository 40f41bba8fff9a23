import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { jobs } from '../../../db/schema/jobs.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';
import { EMR_UPLOAD_JOB } from './upload-referral-to-emr.ts';
import {
  APPOINTMENT,
  historyOf,
  insertReferral,
  referralSnapshot,
  rowOf,
} from './referral-action-test-setup.ts';

const REQUIRED = ['This field is required.'];

describe('referral actions: what each one requires and changes', () => {
  let t: TestApp;
  let p: ReferralParties;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());
  const db = () => t.database.db;
  const url = (id: string, path = '') => `/api/referrals/${id}/${path}`;

  it('accept requires an assignee only when the referral has none, and saves the triage fields', async () => {
    const unassigned = await insertReferral(db(), p, { status: 'SBMT', assignee_id: null });
    const before = await referralSnapshot(db(), unassigned.id);
    const missing = await p.triageNurse.api('PUT', url(unassigned.id, 'accept/'), {
      triage_category: 'CAT1',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ assignee: REQUIRED });
    const stored = await p.triageNurse.api('POST', url(unassigned.id, 'accept/'));
    expect(stored.json()).toEqual({ assignee: REQUIRED });
    expect(await referralSnapshot(db(), unassigned.id)).toBe(before);

    const stranger = await p.triageNurse.api('PUT', url(unassigned.id, 'accept/'), {
      assignee: p.gp.user.id,
    });
    expect(stranger.statusCode).toBe(400);
    expect(Object.keys(stranger.json())).toEqual(['assignee']);

    const accepted = await p.triageNurse.api('PUT', url(unassigned.id, 'accept/'), {
      assignee: p.specialist.user.id,
      triage_category: 'CAT1',
      triage_notes: 'Seen within 30 days.',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: { value: 'ACPT', display: 'Accepted' },
      assignee: { id: p.specialist.user.id },
      triage_category: 'CAT1',
      triage_notes: 'Seen within 30 days.',
    });

    const assigned = await insertReferral(db(), p, { status: 'VWD', triage_notes: 'Kept.' });
    const asStored = await p.specialist.api('POST', url(assigned.id, 'accept/'));
    expect(asStored.statusCode).toBe(200);
    expect(asStored.json()).toMatchObject({ status: { value: 'ACPT' }, triage_notes: 'Kept.' });
  });

  it('takes a service note from its code list, the other text required for OTHER, and returns it', async () => {
    const referral = await insertReferral(db(), p, { status: 'SBMT' });
    const before = await referralSnapshot(db(), referral.id);
    const unknown = await p.specialist.api('PUT', url(referral.id, 'accept/'), { service_note: 'Clinic B' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ service_note: ['Select a valid choice.'] });
    const other = await p.specialist.api('PUT', url(referral.id, 'schedule/?validate=true'), {
      appointment_date: APPOINTMENT,
      service_note: 'OTHER',
    });
    expect(other.json()).toEqual({ service_note_other: REQUIRED });
    expect(await referralSnapshot(db(), referral.id)).toBe(before);

    const accepted = await p.specialist.api('PUT', url(referral.id, 'accept/'), {
      service_note: 'OTHER',
      service_note_other: 'Falls clinic, Tuesday list',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      service_note: 'OTHER',
      service_note_other: 'Falls clinic, Tuesday list',
    });
  });

  it('waitlists through the accept call when a waitlist_period is sent', async () => {
    const referral = await insertReferral(db(), p, { status: 'SBMT' });
    const res = await p.specialist.api('PATCH', url(referral.id, 'accept/'), {
      waitlist_period: '3 months',
      waitlist_notes: 'Next clinic list.',
    });
    expect(res.json()).toMatchObject({ status: { value: 'WLST' }, waitlist_period: '3 months' });
  });

  it('schedule requires appointment_date and may carry triage fields', async () => {
    const referral = await insertReferral(db(), p, { status: 'SBMT' });
    const missing = await p.specialist.api('PUT', url(referral.id, 'schedule/'), {
      appointment_location: 'Room 4',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ appointment_date: REQUIRED });
    const noneStored = await p.specialist.api('POST', url(referral.id, 'schedule/'));
    expect(noneStored.json()).toEqual({ appointment_date: REQUIRED });
    const res = await p.specialist.api('PUT', url(referral.id, 'schedule/'), {
      appointment_date: APPOINTMENT,
      appointment_location: 'Room 4',
      triage_priority: 'URGENT',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: { value: 'SCHDL', display: 'Scheduled' },
      appointment_location: 'Room 4',
      appointment_date: new Date(APPOINTMENT).toISOString(),
    });
  });

  it('reschedule appends each previous appointment to reschedule_list and clears a saved draft', async () => {
    const referral = await insertReferral(db(), p, { status: 'SCHDL' });
    const draft = await p.specialist.api('POST', url(referral.id, 'reschedule/'), {
      appointment_location: 'Room 9',
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().status.value).toBe('SCHDL');
    expect((await rowOf(db(), referral.id)).reschedule_draft).toEqual({ appointment_location: 'Room 9' });

    const first = await p.specialist.api('PUT', url(referral.id, 'reschedule/'), {
      reschedule_reason: 'PATIENT_REQUEST',
      appointment_date: APPOINTMENT,
      appointment_location: 'Room 9',
    });
    expect(first.statusCode).toBe(200);
    const second = await p.specialist.api('PATCH', url(referral.id, 'reschedule/'), {
      reschedule_reason: 'OTHER',
      other_reschedule_reason: 'Clinic moved',
      appointment_date: '2026-12-08T10:00:00+11:00',
    });
    expect(second.json()).toMatchObject({ is_rescheduled: true, appointment_location: 'Room 9' });
    const list = second.json().reschedule_list as { appointment_date: string; reschedule_reason: string }[];
    expect(list.map((entry) => [entry.appointment_date, entry.reschedule_reason])).toEqual([
      [new Date('2026-11-20T09:00:00+11:00').toISOString(), 'PATIENT_REQUEST'],
      [new Date(APPOINTMENT).toISOString(), 'OTHER'],
    ]);
    expect((await rowOf(db(), referral.id)).reschedule_draft).toBeNull();
    const actions = (await historyOf(db(), referral.id)).map((h) => h.action);
    expect(actions).toEqual(['reschedule_draft', 'reschedule', 'reschedule']);
  });

  it('recall makes a draft again, and the receiver keeps a read-only sight of it', async () => {
    const referral = await insertReferral(db(), p, { status: 'ACPT' });
    const res = await p.gp.api('PATCH', url(referral.id, 'recall/'), {
      recall_reason: 'WRONG_PATIENT',
      recall_message: 'Sent for the wrong Olivia.',
    });
    expect(res.json()).toMatchObject({ status: { value: 'DRFT' }, is_recalled: true });
    expect(res.json().submitted_at).not.toBeNull();
    const seen = await p.specialist.api('GET', url(referral.id));
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      side: 'receiver',
      status: { value: 'DRFT' },
      recall_message: 'Sent for the wrong Olivia.',
    });
    expect(seen.json().allowed_actions).not.toEqual(expect.arrayContaining(['accept']));
    expect((await p.specialist.api('PUT', url(referral.id, 'accept/'), {})).statusCode).toBe(409);
    // Submitted again, it arrives as Updated.
    const again = await p.gp.api('POST', url(referral.id, 'submit/'));
    expect(again.json().status.value).toBe('UPDT');
  });

  it('keeps when it was first triaged since submission, for the waiting times, and a resubmission clears it', async () => {
    const referral = await insertReferral(db(), p, { status: 'SBMT' });
    expect((await rowOf(db(), referral.id)).triaged_at).toBeNull();
    await p.specialist.api('PUT', url(referral.id, 'accept/'), { waitlist_period: '3 months' });
    const waitlisted = (await rowOf(db(), referral.id)).triaged_at;
    expect(waitlisted).toBeInstanceOf(Date);
    // Accepting from the waitlist and scheduling do not move it: the wait for triage ended once.
    expect((await p.specialist.api('PUT', url(referral.id, 'accept/'), {})).statusCode).toBe(200);
    const scheduled = await p.specialist.api('PUT', url(referral.id, 'schedule/'), {
      appointment_date: APPOINTMENT,
    });
    expect(scheduled.statusCode).toBe(200);
    expect((await rowOf(db(), referral.id)).triaged_at).toEqual(waitlisted);
    await p.gp.api('PATCH', url(referral.id, 'recall/'), { recall_reason: 'INFORMATION_TO_ADD' });
    const resubmitted = await p.gp.api('POST', url(referral.id, 'submit/'));
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect((await rowOf(db(), referral.id)).triaged_at).toBeNull();
  });

  it('answers each action with the referral as stored: its version, status and every changed field', async () => {
    const referral = await insertReferral(db(), p, { status: 'DRFT', submitted_at: null });
    const steps = [
      [p.gp, 'POST', 'submit/', undefined],
      [p.specialist, 'POST', 'view/', undefined],
      [p.specialist, 'PUT', 'accept/', { waitlist_period: '3 months', triage_notes: 'Within 30 days.' }],
      [p.specialist, 'PUT', 'schedule/', { appointment_date: APPOINTMENT, appointment_location: 'Room 2' }],
      [p.gp, 'PATCH', 'recall/', { recall_reason: 'INFORMATION_TO_ADD' }],
      [p.gp, 'POST', 'submit/', undefined],
    ] as const;
    let version = (await rowOf(db(), referral.id)).version;
    for (const [who, method, path, body] of steps) {
      const answer = await who.api(method, url(referral.id, path), body);
      expect(answer.statusCode, `${path} ${answer.body}`).toBe(200);
      const read = await who.api('GET', url(referral.id));
      expect(answer.json(), path).toEqual(read.json());
      expect(answer.json<{ version: number }>().version, path).toBe(++version);
    }
  });

  it('validate=true runs every check, reports the commit’s errors and changes nothing', async () => {
    const referral = await insertReferral(db(), p, { status: 'VWD' });
    const before = await referralSnapshot(db(), referral.id);
    const dryRun = await p.specialist.api('PUT', url(referral.id, 'return/?validate=true'), {
      return_reason: 'DUPLICATE',
    });
    expect(dryRun.statusCode).toBe(200);
    expect(dryRun.json()).toEqual({ valid: true });
    for (const [path, body] of [
      ['return/', { return_reason: 'OTHER' }],
      ['return/', {}],
      ['reschedule/', { reschedule_reason: 'PATIENT_REQUEST', appointment_date: APPOINTMENT }],
      ['recall/', { recall_reason: 'NO_LONGER_REQUIRED' }],
    ] as const) {
      // As the receiver: the recall is the sender's, so both answers are the same 403.
      const who = p.specialist;
      const dry = await who.api('PUT', url(referral.id, `${path}?validate=true`), body);
      const commit = await who.api('PUT', url(referral.id, path), body);
      expect(dry.statusCode, path).toBeGreaterThanOrEqual(400);
      expect([dry.statusCode, dry.json()], path).toEqual([commit.statusCode, commit.json()]);
    }
    const noAssignee = await insertReferral(db(), p, { status: 'SBMT', assignee_id: null });
    const dryAccept = await p.triageNurse.api('PUT', url(noAssignee.id, 'accept/?validate=true'), {});
    expect([dryAccept.statusCode, dryAccept.json()]).toEqual([400, { assignee: REQUIRED }]);
    const dryRecall = await p.gp.api('PUT', url(referral.id, 'recall/?validate=true'), {
      recall_reason: 'NO_LONGER_REQUIRED',
    });
    expect(dryRecall.json()).toEqual({ valid: true });
    expect(await referralSnapshot(db(), referral.id)).toBe(before);
  });

  it('archive and delete are per side, and repeating them adds no history', async () => {
    const referral = await insertReferral(db(), p, { status: 'ACPT' });
    const archived = await p.gp.api('POST', url(referral.id, 'archive/'));
    expect(archived.json()).toMatchObject({ is_archived: true, side: 'sender' });
    const again = await p.gp.api('POST', url(referral.id, 'archive/'));
    expect(again.statusCode).toBe(200);
    expect((await historyOf(db(), referral.id)).length).toBe(1);
    expect((await p.specialist.api('GET', url(referral.id))).json()).toMatchObject({
      is_archived: false,
      is_deleted: false,
    });

    expect((await p.specialist.api('DELETE', url(referral.id))).statusCode).toBe(204);
    expect((await p.specialist.api('DELETE', url(referral.id))).statusCode).toBe(204);
    expect((await p.specialist.api('GET', url(referral.id))).json().is_deleted).toBe(true);
    expect((await p.gp.api('GET', url(referral.id))).json().is_deleted).toBe(false);
    const restored = await p.specialist.api('POST', url(referral.id, 'unarchive/'));
    expect(restored.json()).toMatchObject({ is_deleted: false, is_archived: false });
    expect((await historyOf(db(), referral.id)).map((h) => h.action)).toEqual([
      'archive',
      'delete',
      'unarchive',
    ]);
  });

  it('deletes a draft for good when it is deleted from the sender’s trash', async () => {
    const draft = await insertReferral(db(), p, { status: 'DRFT', submitted_at: null });
    expect((await p.gp.api('POST', url(draft.id, 'delete/'))).json().is_deleted).toBe(true);
    expect((await p.gp.api('POST', url(draft.id, 'delete/'))).statusCode).toBe(200);
    expect((await rowOf(db(), draft.id)).is_deleted).toBe(true);
    expect((await p.gp.api('GET', url(draft.id))).statusCode).toBe(404);
  });

  it('share makes the referral readable by the establishment or colleague it names, and nothing else', async () => {
    const referral = await insertReferral(db(), p, { status: 'ACPT' });
    expect((await p.outsider.api('GET', url(referral.id))).statusCode).toBe(404);
    const own = await p.gp.api('POST', url(referral.id, 'share/'), { establishment: p.practice.id });
    expect(own.statusCode).toBe(400);
    expect(Object.keys(own.json())).toEqual(['establishment']);
    const notColleague = await p.gp.api('POST', url(referral.id, 'share/'), {
      colleague: p.outsider.user.id,
    });
    expect(Object.keys(notColleague.json())).toEqual(['colleague']);

    const shared = await p.gp.api('POST', url(referral.id, 'share/'), {
      establishment: p.outsiderPractice.id,
    });
    expect(shared.statusCode).toBe(200);
    const again = await p.gp.api('POST', url(referral.id, 'share/'), {
      establishment: p.outsiderPractice.id,
    });
    expect(again.statusCode).toBe(200);
    expect((await historyOf(db(), referral.id)).map((h) => h.action)).toEqual(['share']);

    const read = await p.outsider.api('GET', url(referral.id));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ side: 'shared', allowed_actions: [] });
    const before = await referralSnapshot(db(), referral.id);
    expect(
      (await p.outsider.api('POST', url(referral.id, 'share/'), { colleague: p.gp.user.id })).statusCode,
    ).toBe(403);
    expect((await p.outsider.api('POST', url(referral.id, 'archive/'))).statusCode).toBe(403);
    expect(
      (await p.outsider.api('PUT', url(referral.id, 'return/'), { return_reason: 'DUPLICATE' })).statusCode,
    ).toBe(403);
    expect(await referralSnapshot(db(), referral.id)).toBe(before);

    const colleague = await p.gp.api('POST', url(referral.id, 'share/'), {
      colleague: p.gpColleague.user.id,
    });
    expect(colleague.statusCode).toBe(200);
    expect((await p.gpColleague.api('GET', url(referral.id))).json().side).toBe('shared');
  });

  it('upload-to-emr answers 202 and queues the job with the history row', async () => {
    const referral = await insertReferral(db(), p, { status: 'SCHDL' });
    const res = await p.specialist.api('POST', url(referral.id, 'upload-to-emr/'));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ detail: expect.any(String) });
    const queued = await db()
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = ${EMR_UPLOAD_JOB} and ${jobs.payload}->>'referral_id' = ${referral.id}`);
    expect(queued).toHaveLength(1);
    expect((await historyOf(db(), referral.id)).map((h) => h.action)).toEqual(['upload_to_emr']);
    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(0);
  });
});
