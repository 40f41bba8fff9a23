import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExternalReferralDraft } from '@referrals/domain/portals/external-referral-schemas';
import { ApiError } from '@/lib/api-error';
import { fakeApi } from '@/test/fake-api';
import { createDraftSaver } from './draft-saver';

const drafts = '/api/public/establishments/est-1/referrals/';

const draft = (patch: Partial<ExternalReferralDraft> = {}): ExternalReferralDraft => ({
  id: 'draft-1',
  sender_type: 'PATIENT',
  sender: {},
  patient: {},
  referrer_message: null,
  forms: {},
  consent: false,
  attachments: [],
  code_sent_at: null,
  expires_at: '2026-05-02T00:00:00Z',
  submitted: false,
  ...patch,
});

/** The server's side of drafts: POST makes one with its secret, PATCH needs the secret. */
function draftServer() {
  return fakeApi({
    [`POST ${drafts}`]: (body) => ({
      status: 201,
      body: { draft: draft(body as Partial<ExternalReferralDraft>), draft_token: 'secret-1' },
    }),
    [`PATCH ${drafts}draft-1/`]: (body) => ({
      status: 200,
      body: draft(body as Partial<ExternalReferralDraft>),
    }),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the portal's draft saves", () => {
  it('makes the draft on the first save, keeps its secret, and PATCHes it with the secret after', async () => {
    const api = draftServer();
    const kept = vi.fn();
    const saver = createDraftSaver('est-1', null, kept);
    expect(saver.session()).toBeNull();

    await saver.save({ sender_type: 'PATIENT', sender: { first_name: 'Mia' } });
    expect(api.callsTo(`POST ${drafts}`)).toHaveLength(1);
    expect(api.callsTo(`POST ${drafts}`)[0]?.body).toEqual({
      sender_type: 'PATIENT',
      sender: { first_name: 'Mia' },
    });
    expect(kept).toHaveBeenCalledWith({ establishmentId: 'est-1', id: 'draft-1', token: 'secret-1' });

    const saved = await saver.save({ sender: { first_name: 'Mia', last_name: 'Wong' } });
    expect(saved.sender.last_name).toBe('Wong');
    const [patch] = api.callsTo(`PATCH ${drafts}draft-1/`);
    expect(patch?.headers['x-draft-token']).toBe('secret-1');
    expect(patch?.body).toEqual({ sender: { first_name: 'Mia', last_name: 'Wong' } });
    expect(api.callsTo(`POST ${drafts}`)).toHaveLength(1);
  });

  it('goes on with the draft a reload restored, making none', async () => {
    const api = draftServer();
    const saver = createDraftSaver(
      'est-1',
      { establishmentId: 'est-1', id: 'draft-1', token: 'secret-1' },
      vi.fn(),
    );
    await saver.save({ consent: true });
    expect(api.callsTo(`POST ${drafts}`)).toHaveLength(0);
    expect(api.callsTo(`PATCH ${drafts}draft-1/`)).toHaveLength(1);
  });

  it('makes one draft when an upload and a save race for it, then saves onto it', async () => {
    const api = draftServer();
    const saver = createDraftSaver('est-1', null, vi.fn());
    const [session] = await Promise.all([
      saver.ensure({ sender_type: 'PATIENT' }),
      saver.save({ sender_type: 'PATIENT', referrer_message: 'Palpitations' }),
    ]);
    expect(session.token).toBe('secret-1');
    expect(api.callsTo(`POST ${drafts}`)).toHaveLength(1);
    expect(api.callsTo(`PATCH ${drafts}draft-1/`)[0]?.body).toMatchObject({
      referrer_message: 'Palpitations',
    });
  });

  it("leaves a 400's messages to the form, and makes the draft on the next save after a failed first", async () => {
    let refuse = true;
    const api = fakeApi({
      [`POST ${drafts}`]: () =>
        refuse
          ? { status: 400, body: { patient: { dob: ['Enter a valid date (YYYY-MM-DD).'] } } }
          : { status: 201, body: { draft: draft(), draft_token: 'secret-1' } },
    });
    const saver = createDraftSaver('est-1', null, vi.fn());
    const failure = await saver.save({ patient: { dob: '1961-13-40' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).fieldErrors).toEqual({
      patient: { dob: ['Enter a valid date (YYYY-MM-DD).'] },
    });
    expect(saver.session()).toBeNull();
    refuse = false;
    await saver.save({ patient: { dob: '1961-04-02' } });
    expect(saver.session()?.id).toBe('draft-1');
    expect(api.callsTo(`POST ${drafts}`)).toHaveLength(2);
  });
});
