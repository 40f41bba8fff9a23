import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  LINK_NOT_USABLE,
  LINK_REFRESH_REQUESTED,
  SESSION_NEEDED,
  VERIFY_FAILED,
} from '@referrals/domain/external-access/external-access-schemas';
import { REQUIRED_MESSAGE } from '@referrals/domain/field-messages';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi, type FakeCall } from '@/test/fake-api';
import { embedRuntimeConfig, renderRoutes } from '@/test/render-screen';
import { useAccessFailure, useVerifiedAccess } from './access-context';
import { AccessGate } from './access-gate';
import { writeAccessSession } from './access-session-storage';
import { accessCall } from './api/access-address';
import { accessLinkFixture, externalReferralFixture } from './external-access-fixtures';

beforeAll(() => embedRuntimeConfig());

const LINK = 'GET /api/referrals/external/';
const VERIFY = 'POST /api/referrals/external/';
const referral = externalReferralFixture();

/** What the page behind the gate does: shows the referral, and makes a call that may find the session gone. */
function Behind() {
  const { access, referral: shown } = useVerifiedAccess();
  const handleFailure = useAccessFailure();
  const [answer, setAnswer] = useState('');
  return (
    <>
      <p>Referral for {shown.patient_name}</p>
      <Button
        onClick={() =>
          void accessCall('/api/reports/external/', access).then(
            () => setAnswer('Reports read'),
            (error: unknown) => handleFailure(error),
          )
        }
      >
        Read the reports
      </Button>
      <p>{answer}</p>
    </>
  );
}

const openGate = (path = '/referrals/external?access=tok-1') =>
  renderRoutes(
    [
      {
        path: '/referrals/external',
        element: (
          <AccessGate purpose="the referral">
            <Behind />
          </AccessGate>
        ),
      },
    ],
    path,
  );

/** The link answers with the referral only to a call carrying the session `live`. */
const linkAnswer = (calls: () => FakeCall[], live: string) => () => {
  const session = calls().at(-1)?.headers['x-access-session'];
  return { status: 200, body: accessLinkFixture({ referral: session === live ? referral : null }) };
};

async function answerPatientDetails(user: ReturnType<typeof userEvent.setup>, lastName = 'Whitfield') {
  await user.type(await screen.findByRole('textbox', { name: /^Last name/ }), lastName);
  await user.type(screen.getByLabelText(/^Date of birth/), '1958-09-14');
  await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Grace');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('the verification gate of an emailed link', () => {
  it('shows the lock of a link that does not work, and asks for a new one to be mailed', async () => {
    const api = fakeApi({
      [LINK]: { status: 404, body: { detail: 'Not found.' } },
      'GET /api/referrals/external/refresh-access/': {
        status: 202,
        body: { detail: LINK_REFRESH_REQUESTED },
      },
    });
    const user = userEvent.setup();
    openGate();
    expect(await screen.findByText(LINK_NOT_USABLE)).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Email me a new link' }));
    expect((await screen.findByRole('status')).textContent).toContain(LINK_REFRESH_REQUESTED);
    expect(api.callsTo('GET /api/referrals/external/refresh-access/')[0]?.search).toBe('?access=tok-1');
  });

  it('shows the lock without asking the server when the address carries no link', async () => {
    const api = fakeApi({});
    openGate('/referrals/external');
    expect(await screen.findByText(LINK_NOT_USABLE)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Email me a new link' })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('asks the patient’s details, says what is missing, and gives one message for any wrong answer', async () => {
    const api = fakeApi({
      [LINK]: { status: 200, body: accessLinkFixture() },
      [VERIFY]: { status: 400, body: { detail: VERIFY_FAILED } },
    });
    const user = userEvent.setup();
    openGate();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText(REQUIRED_MESSAGE)).toHaveLength(3);
    expect(api.callsTo(VERIFY)).toHaveLength(0);
    // Only one way was offered: the code needs the sender side to have one.
    expect(screen.queryByRole('tab')).toBeNull();

    await answerPatientDetails(user, 'Whitfeld');
    expect((await screen.findByRole('alert')).textContent).toBe(VERIFY_FAILED);
    expect(api.callsTo(VERIFY)[0]?.body).toEqual({
      last_name: 'Whitfeld',
      dob: '1958-09-14',
      first_name: 'Grace',
    });
    expect(screen.queryByText(/Referral for/)).toBeNull();
  });

  it('opens the page once verified, keeps the session for the tab and sends it on every call', async () => {
    const api: ReturnType<typeof fakeApi> = fakeApi({
      [LINK]: linkAnswer(() => api.calls, 'sess-1'),
      [VERIFY]: {
        status: 200,
        body: { session: 'sess-1', expires_at: '2030-01-01T00:30:00Z', referral },
      },
      'GET /api/reports/external/': { status: 200, body: { results: [] } },
    });
    const user = userEvent.setup();
    openGate();
    await answerPatientDetails(user);
    expect(await screen.findByText('Referral for Grace Whitfield')).toBeDefined();
    expect(window.sessionStorage.getItem('referrals.access-session.tok-1')).toContain('sess-1');

    await user.click(screen.getByRole('button', { name: 'Read the reports' }));
    expect(await screen.findByText('Reports read')).toBeDefined();
    const call = api.callsTo('GET /api/reports/external/')[0];
    expect(call?.search).toBe('?access=tok-1');
    expect(call?.headers['x-access-session']).toBe('sess-1');
  });

  it('offers the date sent and the code once the sender side has a code, and sends only those', async () => {
    const api = fakeApi({
      [LINK]: {
        status: 200,
        body: accessLinkFixture({ verify_with: ['patient_details', 'submitted_at_code'] }),
      },
      [VERIFY]: { status: 200, body: { session: 's', expires_at: '2030-01-01T00:30:00Z', referral } },
    });
    const user = userEvent.setup();
    openGate();
    await user.click(await screen.findByRole('tab', { name: 'Date sent and code' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText(REQUIRED_MESSAGE)).toHaveLength(2);
    await user.type(screen.getByLabelText(/^Date the referral was sent/), '2026-03-02');
    await user.type(screen.getByRole('textbox', { name: /^Verification code/ }), '123 456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Referral for Grace Whitfield')).toBeDefined();
    expect(api.callsTo(VERIFY)[0]?.body).toEqual({ submitted_at: '2026-03-02', code: '123 456' });
  });

  it('opens straight away on a reload with a live session, and asks again once the session lapses', async () => {
    writeAccessSession('tok-1', { session: 'sess-1', expires_at: '2099-01-01T00:00:00Z' });
    const api: ReturnType<typeof fakeApi> = fakeApi({
      [LINK]: linkAnswer(() => api.calls, 'sess-1'),
      'GET /api/reports/external/': { status: 401, body: { detail: SESSION_NEEDED } },
    });
    const user = userEvent.setup();
    openGate();
    expect(await screen.findByText('Referral for Grace Whitfield')).toBeDefined();
    expect(api.callsTo(VERIFY)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Read the reports' }));
    expect(await screen.findByText(SESSION_NEEDED)).toBeDefined();
    expect(screen.getByRole('textbox', { name: /^Last name/ })).toBeDefined();
    expect(window.sessionStorage.getItem('referrals.access-session.tok-1')).toBeNull();
  });

  it('says the session lapsed when the tab’s kept session is no longer known', async () => {
    writeAccessSession('tok-1', { session: 'old', expires_at: '2099-01-01T00:00:00Z' });
    const api = fakeApi({ [LINK]: { status: 200, body: accessLinkFixture() } });
    openGate();
    expect(await screen.findByText(SESSION_NEEDED)).toBeDefined();
    expect(api.callsTo(LINK)[0]?.headers['x-access-session']).toBe('old');
  });

  it('shows the lock when the link locks while the questions are answered', async () => {
    let locked = false;
    fakeApi({
      [LINK]: () =>
        locked ? { status: 404, body: { detail: 'Not found.' } } : { status: 200, body: accessLinkFixture() },
      [VERIFY]: () => {
        locked = true;
        return { status: 404, body: { detail: 'Not found.' } };
      },
    });
    const user = userEvent.setup();
    openGate();
    await answerPatientDetails(user);
    await waitFor(() => expect(screen.getByText(LINK_NOT_USABLE)).toBeDefined());
  });
});
