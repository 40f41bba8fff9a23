import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';
import {
  APPOINTMENT,
  historyOf,
  insertReferral,
  referralSnapshot,
  rowOf,
} from './referral-action-test-setup.ts';

type Status = 'DRFT' | 'SBMT' | 'VWD' | 'ACPT' | 'SCHDL' | 'WLST' | 'RTRN' | 'FWRD' | 'UPDT';
type Side = 'sender' | 'receiver';
const STATUSES: Status[] = ['DRFT', 'SBMT', 'VWD', 'ACPT', 'SCHDL', 'WLST', 'RTRN', 'FWRD', 'UPDT'];
const ALL_BUT_DRAFT = STATUSES.filter((s) => s !== 'DRFT');

/**
 * The oracle, written by hand from referral-lifecycle.md's Transitions table (not from the domain's
 * REFERRAL_TRANSITIONS, which is what is under test): who may act, from which statuses, to which status
 * ('same' leaves it), and how the call is made.
 */
type Expectation = {
  side: Side | 'either';
  from: Status[];
  to: Status | 'same';
  call: { method: 'GET' | 'PUT' | 'POST' | 'DELETE'; path: string; body?: object };
  ok: 200 | 202 | 204;
  /** Set up the row beyond its status (type, flags). */
  row?: object;
  /** The side whose call is another action that refuses this row with a 409 (not the side's: no 403). */
  conflictFor?: Side;
  /** The one side whose call is this action; the other side's same call is another action's row. */
  onlySide?: Side;
};
const ORACLE: Record<string, Expectation> = {
  accept: {
    side: 'receiver',
    from: ['SBMT', 'VWD', 'UPDT', 'WLST'],
    to: 'ACPT',
    call: { method: 'PUT', path: 'accept/', body: { triage_category: 'CAT2' } },
    ok: 200,
  },
  waitlist: {
    side: 'receiver',
    from: ['SBMT', 'VWD', 'UPDT', 'ACPT'],
    to: 'WLST',
    call: { method: 'PUT', path: 'accept/', body: { waitlist_period: '3 months' } },
    ok: 200,
  },
  schedule: {
    side: 'receiver',
    from: ['SBMT', 'VWD', 'UPDT', 'ACPT', 'WLST'],
    to: 'SCHDL',
    call: { method: 'PUT', path: 'schedule/', body: { appointment_date: APPOINTMENT } },
    ok: 200,
  },
  manual_schedule: {
    side: 'receiver',
    from: ['SBMT', 'VWD', 'UPDT', 'ACPT', 'WLST'],
    to: 'SCHDL',
    call: { method: 'POST', path: 'schedule/manual/', body: { appointment_date: APPOINTMENT } },
    ok: 200,
    row: { type: 'MANUAL' },
  },
  reschedule: {
    side: 'receiver',
    from: ['SCHDL'],
    to: 'SCHDL',
    call: {
      method: 'PUT',
      path: 'reschedule/',
      body: { reschedule_reason: 'PATIENT_REQUEST', appointment_date: APPOINTMENT },
    },
    ok: 200,
  },
  return: {
    side: 'receiver',
    from: ['SBMT', 'VWD', 'UPDT', 'ACPT', 'WLST', 'SCHDL'],
    to: 'RTRN',
    call: { method: 'PUT', path: 'return/', body: { return_reason: 'DUPLICATE' } },
    ok: 200,
  },
  recall: {
    side: 'sender',
    from: ['SBMT', 'VWD', 'UPDT', 'ACPT', 'WLST', 'SCHDL'],
    to: 'DRFT',
    call: { method: 'PUT', path: 'recall/', body: { recall_reason: 'NO_LONGER_REQUIRED' } },
    ok: 200,
  },
  archive: {
    side: 'either',
    from: ALL_BUT_DRAFT,
    to: 'same',
    call: { method: 'POST', path: 'archive/' },
    ok: 200,
  },
  unarchive: {
    side: 'either',
    from: ALL_BUT_DRAFT,
    to: 'same',
    call: { method: 'POST', path: 'unarchive/' },
    ok: 200,
    row: { sender_archived: true, receiver_archived: true },
  },
  delete: { side: 'either', from: STATUSES, to: 'same', call: { method: 'DELETE', path: '' }, ok: 204 },
  upload_to_emr: {
    side: 'receiver',
    from: ['ACPT', 'WLST', 'SCHDL'],
    to: 'same',
    call: { method: 'POST', path: 'upload-to-emr/' },
    ok: 202,
    // The sender's upload-to-emr files to the clinical record, which a referral not started from one has not.
    conflictFor: 'sender',
  },
  file_to_record: {
    side: 'sender',
    from: ALL_BUT_DRAFT,
    to: 'same',
    call: { method: 'POST', path: 'upload-to-emr/' },
    ok: 202,
    row: { clinical_record_launch_id: '00000000-0000-4000-8000-00000000c11e' },
    // The receiver's upload-to-emr is upload_to_emr, above.
    onlySide: 'sender',
  },
  view: {
    side: 'receiver',
    from: ['SBMT', 'UPDT'],
    to: 'VWD',
    call: { method: 'POST', path: 'view/' },
    ok: 200,
  },
  submit: { side: 'sender', from: ['DRFT'], to: 'SBMT', call: { method: 'POST', path: 'submit/' }, ok: 200 },
};

describe('every referral action from every status, as sender and as receiver (referral-lifecycle.md)', () => {
  let t: TestApp;
  let p: ReferralParties;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());

  it.each(Object.entries(ORACLE))('%s', async (action, expected) => {
    const db = t.database.db;
    for (const status of STATUSES) {
      for (const side of ['sender', 'receiver'] as const) {
        if (expected.onlySide !== undefined && expected.onlySide !== side) continue;
        const label = `${action} from ${status} as ${side}`;
        const referral = await insertReferral(db, p, { status, ...expected.row });
        const before = await referralSnapshot(db, referral.id);
        const historyBefore = (await historyOf(db, referral.id)).length;
        const who = side === 'sender' ? p.gp : p.specialist;
        const res = await who.api(
          expected.call.method,
          `/api/referrals/${referral.id}/${expected.call.path}`,
          expected.call.body,
        );
        const sideAllowed = expected.side === 'either' || expected.side === side;
        const allowed = sideAllowed && expected.from.includes(status);
        if (allowed) {
          expect(res.statusCode, label).toBe(expected.ok);
          const after = await rowOf(db, referral.id);
          expect(after.status, label).toBe(expected.to === 'same' ? status : expected.to);
          expect((await historyOf(db, referral.id)).length, label).toBe(historyBefore + 1);
        } else if (action === 'view') {
          // Opening is always allowed; only the receiver's first open of SBMT or UPDT is a transition.
          expect(res.statusCode, label).toBe(200);
          expect((await rowOf(db, referral.id)).status, label).toBe(status);
          expect((await historyOf(db, referral.id)).length, label).toBe(historyBefore);
        } else {
          const conflict = sideAllowed || expected.conflictFor === side;
          expect(res.statusCode, label).toBe(conflict ? 409 : 403);
          if (conflict) expect(res.json().status.value, label).toBe(status);
          expect(await referralSnapshot(db, referral.id), label).toBe(before);
        }
      }
    }
  });
});
