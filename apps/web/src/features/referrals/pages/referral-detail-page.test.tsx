import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@referrals/domain/people/people-codes';
import { employmentFixture, profileFixture } from '@/lib/profile-fixtures';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { referralFixture, referralPageRoutes } from '../detail/referral-fixtures';
import { ReferralDetailPage } from './referral-detail-page';

beforeAll(() => embedRuntimeConfig());
afterEach(() => notifications.clean());

const routes = [
  { path: '/referrals/:id', element: <ReferralDetailPage /> },
  landing('/referrals/create/:id'),
];

const receiverReferral = referralFixture({
  side: 'receiver',
  unread: true,
  allowed_actions: [
    'view',
    'accept',
    'waitlist',
    'schedule',
    'return',
    'forward',
    'share',
    'archive',
    'delete',
  ],
});

describe('the referral page (spec sections 2 /referrals/:id, 4 Actions, 8)', { timeout: 40_000 }, () => {
  it('shows the referral and exactly the sender’s allowed actions, without marking it viewed', async () => {
    const api = fakeApi(referralPageRoutes(referralFixture()));
    renderRoutes(routes, '/referrals/r1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Referral for Margaret Nguyen' }),
    ).toBeDefined();
    expect(screen.getByText('Submitted', { selector: 'span' })).toBeDefined();
    expect(screen.getByText('Dr Olivia Chen')).toBeDefined();
    expect(screen.getByText('Northside Cardiology')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Recall' }).getAttribute('href')).toBe('/referrals/r1/recall');
    for (const name of ['Clone', 'Copy', 'Share', 'Archive', 'Delete']) {
      expect(screen.getByRole('button', { name })).toBeDefined();
    }
    for (const name of ['Triage', 'Return', 'Forward', 'Reschedule']) {
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: 'Unarchive' })).toBeNull();
    expect(
      await screen.findByText('Dr Olivia Chen, Harbourside Family Medical Practice', { exact: false }),
    ).toBeDefined();
    expect(api.callsTo('POST /api/referrals/r1/view/')).toHaveLength(0);
  });

  it('shows the medication order the sender gave a receiver with digital ordering', async () => {
    fakeApi(
      referralPageRoutes(
        referralFixture({
          medication_order: {
            category: 'enoxaparin_bridging',
            medications: [
              { name: 'Enoxaparin', dose: '80 mg', route: 'Subcutaneous', frequency: 'Twice daily' },
            ],
            start_date: '2026-12-07',
            duration: '5 days',
            notes: null,
          },
        }),
      ),
    );
    renderRoutes(routes, '/referrals/r1');
    const order = await screen.findByRole('region', { name: 'Medication order' });
    expect(within(order).getByText('Enoxaparin bridging')).toBeDefined();
    expect(within(order).getByRole('cell', { name: 'Twice daily' })).toBeDefined();
    expect(within(order).getByText('5 days')).toBeDefined();
  });

  it('shows the clinical summary from the sender’s record, and files a failed letter again', async () => {
    const fromRecord = referralFixture({
      allowed_actions: ['recall', 'clone', 'copy', 'share', 'archive', 'delete', 'file_to_record'],
      clinical_summary: {
        conditions: [{ text: 'Type 2 diabetes mellitus', detail: null, date: '19 Aug 2014' }],
        medications: [{ text: 'Metformin 1 g tablet', detail: 'one at night', date: null }],
        allergies: [],
        observations: [],
        family_history: [],
        procedures: [],
        measurements: { weight_kg: 78.4, height_cm: 162 },
      },
      clinical_record: {
        system: 'sandbox',
        patient_id: 'margaret-thompson',
        read_at: '2026-11-27T22:30:00Z',
        resources: { Patient: 1, Condition: 1 },
      },
      clinical_record_filing: {
        status: 'failed',
        requested_at: '2026-11-27T22:40:00Z',
        filed_at: null,
        document_id: null,
        error: 'Integration expired, please try launching Referrals from SmartLaunch again.',
      },
    });
    const api = fakeApi({
      ...referralPageRoutes(fromRecord),
      'POST /api/referrals/r1/upload-to-emr/': {
        status: 202,
        body: { detail: 'The referral letter will be filed to your clinical record.' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/referrals/r1');

    const card = await screen.findByRole('region', { name: 'Clinical summary' });
    expect(within(card).getByText('Type 2 diabetes mellitus (19 Aug 2014)')).toBeDefined();
    expect(within(card).getByText('Metformin 1 g tablet — one at night')).toBeDefined();
    expect(within(card).getByText('Weight 78.4 kg, height 162 cm')).toBeDefined();
    expect(
      within(card).getByText('Integration expired, please try launching Referrals from SmartLaunch again.'),
    ).toBeDefined();
    await user.click(within(card).getByRole('button', { name: 'File again' }));
    await waitFor(() => expect(api.callsTo('POST /api/referrals/r1/upload-to-emr/')).toHaveLength(1));
    expect(within(card).getByRole('button', { name: 'Download for your clinical record' })).toBeDefined();
  });

  it('shows no medication order when the referral has none', async () => {
    fakeApi(referralPageRoutes(referralFixture()));
    renderRoutes(routes, '/referrals/r1');
    await screen.findByRole('heading', { level: 1, name: 'Referral for Margaret Nguyen' });
    expect(screen.queryByRole('region', { name: 'Medication order' })).toBeNull();
  });

  it('leads the sender to the renew flow when the referral may be renewed', async () => {
    fakeApi(
      referralPageRoutes(
        referralFixture({ status: { value: 'ACPT', display: 'Accepted' }, allowed_actions: ['renew'] }),
      ),
    );
    renderRoutes(routes, '/referrals/r1');
    const renew = await screen.findByRole('link', { name: 'Renew' });
    expect(renew.getAttribute('href')).toBe('/referrals/r1/renew');
  });

  it('marks a submitted referral viewed once when the receiver opens it, and offers the triage flows', async () => {
    const viewed = referralFixture({
      ...receiverReferral,
      status: { value: 'VWD', display: 'Under review' },
      unread: false,
      allowed_actions: ['accept', 'return', 'forward'],
    });
    const api = fakeApi({
      ...referralPageRoutes(receiverReferral),
      'POST /api/referrals/r1/view/': { status: 200, body: viewed },
    });
    renderRoutes(routes, '/referrals/r1');

    expect(await screen.findByRole('link', { name: 'Triage' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Triage' }).getAttribute('href')).toBe('/referrals/r1/triage');
    expect(screen.getByRole('link', { name: 'Return' }).getAttribute('href')).toBe('/referrals/r1/return');
    expect(screen.getByRole('link', { name: 'Forward' }).getAttribute('href')).toBe('/referrals/r1/forward');
    expect(screen.queryByRole('link', { name: 'Recall' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clone' })).toBeNull();
    await waitFor(() => expect(api.callsTo('POST /api/referrals/r1/view/')).toHaveLength(1));
    // The page refetches after the call; the refetch must not send it again.
    await waitFor(() => expect(api.callsTo('GET /api/referrals/r1/').length).toBeGreaterThan(1));
    expect(api.callsTo('POST /api/referrals/r1/view/')).toHaveLength(1);
  });

  it('shows a friendly 404 for a missing referral or another establishment’s', async () => {
    fakeApi({ 'GET /api/referrals/nope/': { status: 404, body: { detail: 'Not found.' } } });
    renderRoutes(routes, '/referrals/nope');
    expect(await screen.findByRole('heading', { name: 'Referral not found' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/');
  });

  it('asks before deleting, and deletes only on confirm', async () => {
    const api = fakeApi({
      ...referralPageRoutes(referralFixture()),
      'POST /api/referrals/r1/delete/': { status: 200, body: referralFixture({ is_deleted: true }) },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/referrals/r1');

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this referral?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST /api/referrals/r1/delete/')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this referral?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Referral deleted')).toBeDefined();
    expect(api.callsTo('POST /api/referrals/r1/delete/')).toHaveLength(1);
  });

  it('opens the new draft after a clone', async () => {
    fakeApi({
      ...referralPageRoutes(referralFixture()),
      'POST /api/referrals/r1/clone/': {
        status: 201,
        body: referralFixture({ id: 'r9', status: { value: 'DRFT', display: 'Draft' } }),
      },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, '/referrals/r1');
    await user.click(await screen.findByRole('button', { name: 'Clone' }));
    expect(await screen.findByText('Landed on /referrals/create/:id')).toBeDefined();
    expect(router.state.location.pathname).toBe('/referrals/create/r9');
  });

  it('links back to a same-origin returnURL only, and opens at the case conference', async () => {
    fakeApi(referralPageRoutes(referralFixture()));
    renderRoutes(routes, '/referrals/r1?returnURL=%2Freferrals%2Foutbox%2Fall&tab=conference');
    expect((await screen.findByRole('link', { name: 'Back' })).getAttribute('href')).toBe(
      '/referrals/outbox/all',
    );
    const conference = await screen.findByRole('region', { name: 'Case conference' });
    // The fixture's receiver holds none: the tab says so rather than offering a start that would fail.
    expect(
      await within(conference).findByText('The receiving establishment does not hold case conferences.'),
    ).toBeDefined();
  });

  it('ignores a returnURL to another site', async () => {
    fakeApi(referralPageRoutes(referralFixture()));
    renderRoutes(routes, '/referrals/r1?returnURL=https%3A%2F%2Fevil.example%2F');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
  });

  it('refuses a file over 5 MB before uploading it', async () => {
    const api = fakeApi(referralPageRoutes(referralFixture()));
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const { container } = renderRoutes(routes, '/referrals/r1');
    await screen.findByRole('region', { name: 'Supplementary attachments' });
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type=file]');
    const big = new File([new Uint8Array(5_242_881)], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(input as HTMLInputElement, big);
    expect((await screen.findByRole('alert')).textContent).toContain('scan.pdf is larger than 5 MB');
    expect(api.callsTo('POST /api/referrals/r1/supplementary-attachments/')).toHaveLength(0);
  });

  it('adds a tag of your establishment, and has no tags or notes for a shared-with reader', async () => {
    let referral = referralFixture();
    const tag = { id: 't1', label: 'Urgent review', added_by: null, created_at: '2026-11-25T09:00:00+11:00' };
    const api = fakeApi({
      ...referralPageRoutes(referral),
      'GET /api/referrals/r1/': () => ({ status: 200, body: referral }),
      'POST /api/referrals/r1/tags/': () => {
        referral = { ...referral, tags: [tag] };
        return { status: 201, body: tag };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/referrals/r1');
    await user.type(await screen.findByLabelText('New tag'), 'Urgent review');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByRole('button', { name: 'Remove tag Urgent review' })).toBeDefined();
    expect(api.callsTo('POST /api/referrals/r1/tags/')[0]?.body).toEqual({ label: 'Urgent review' });
  });

  it('shares with a colleague of the current establishment, chosen by name', async () => {
    const connection = (id: string, name: string, places: string[]) => ({
      id,
      title: 'DR',
      first_name: name,
      last_name: 'Patel',
      role: null,
      establishments: places.map((place) => ({ id: place, name: `Establishment ${place}` })),
    });
    const profile = profileFixture({
      role: roles.coded('GP'),
      employments: [employmentFixture('e1', 1, 'PR')],
      current_establishment: 'e1',
      connections: [connection('u2', 'Sam', ['e1']), connection('u3', 'Lee', ['e2'])],
    });
    const api = fakeApi({
      ...referralPageRoutes(referralFixture()),
      'GET /api/profile/': { status: 200, body: profile },
      'GET /api/establishments/': {
        status: 200,
        body: { count: 0, next: null, previous: null, results: [] },
      },
      'POST /api/referrals/r1/share/': {
        status: 400,
        body: { colleague: ['Choose a colleague who works at your establishment.'] },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/referrals/r1');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this referral' });
    await user.click(within(dialog).getByRole('radio', { name: 'A colleague' }));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(within(dialog).getByText('This field is required.')).toBeDefined();

    await user.click(within(dialog).getByRole('combobox', { name: /^Colleague/ }));
    expect(screen.queryByRole('option', { name: 'Dr Lee Patel' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Dr Sam Patel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(
      await within(dialog).findByText('Choose a colleague who works at your establishment.'),
    ).toBeDefined();
    expect(api.callsTo('POST /api/referrals/r1/share/')[0]?.body).toEqual({ colleague: 'u2' });
  });

  it('edits a sticky note in place: Escape leaves it, Save sends it, the server’s message shows on the field', async () => {
    const note = {
      id: 'n1',
      body: 'Call the patient',
      author: { id: 'u1', name: 'Dr Olivia Chen' },
      created_at: '2026-11-25T09:00:00+11:00',
      updated_at: '2026-11-25T09:00:00+11:00',
    };
    let referral = referralFixture({ sticky_notes: [note] });
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { body: ['This field is required.'] },
    };
    const api = fakeApi({
      ...referralPageRoutes(referral),
      'GET /api/referrals/r1/': () => ({ status: 200, body: referral }),
      'PATCH /api/referrals/r1/sticky-notes/n1/': (body) => {
        if (answer.status === 200) {
          referral = { ...referral, sticky_notes: [{ ...note, body: (body as { body: string }).body }] };
          answer = { status: 200, body: referral.sticky_notes[0] };
        }
        return answer;
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/referrals/r1');
    await user.click(await screen.findByRole('button', { name: 'Edit this note' }));
    const field = screen.getByRole('textbox', { name: 'Edit note' });
    expect((field as HTMLTextAreaElement).value).toBe('Call the patient');
    await user.type(field, ' today');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edit note' })).toBeNull();
    expect(screen.getByText('Call the patient')).toBeDefined();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit this note' }));

    await user.click(screen.getByRole('button', { name: 'Edit this note' }));
    await user.clear(screen.getByRole('textbox', { name: 'Edit note' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeDefined();
    answer = { status: 200, body: null };
    await user.type(screen.getByRole('textbox', { name: 'Edit note' }), 'Call the patient on Monday');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Call the patient on Monday')).toBeDefined();
    expect(screen.queryByRole('textbox', { name: 'Edit note' })).toBeNull();
    expect(api.callsTo('PATCH /api/referrals/r1/sticky-notes/n1/').at(-1)?.body).toEqual({
      body: 'Call the patient on Monday',
    });
  });

  it('renames a tag in place', async () => {
    const tag = { id: 't1', label: 'Urgent', added_by: null, created_at: '2026-11-25T09:00:00+11:00' };
    let referral = referralFixture({ tags: [tag] });
    const api = fakeApi({
      ...referralPageRoutes(referral),
      'GET /api/referrals/r1/': () => ({ status: 200, body: referral }),
      'PATCH /api/referrals/r1/tags/t1/': (body) => {
        referral = { ...referral, tags: [{ ...tag, label: (body as { label: string }).label }] };
        return { status: 200, body: referral.tags[0] };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/referrals/r1');
    await user.click(await screen.findByRole('button', { name: 'Rename tag Urgent' }));
    const field = screen.getByRole('textbox', { name: 'New name for the tag Urgent' });
    await user.clear(field);
    await user.type(field, 'Urgent review{Enter}');
    expect(await screen.findByRole('button', { name: 'Rename tag Urgent review' })).toBeDefined();
    expect(api.callsTo('PATCH /api/referrals/r1/tags/t1/')[0]?.body).toEqual({ label: 'Urgent review' });
  });

  it('shows a shared-with reader no actions and no tags or notes', async () => {
    fakeApi(referralPageRoutes(referralFixture({ side: 'shared', allowed_actions: [] })));
    renderRoutes(routes, '/referrals/r1');
    expect(await screen.findByText(/Shared with you \(read only\)/)).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Tags' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Print' })).toBeDefined();
  });

  it('shows the sender the verification code counting down, fetches the next one, and makes a new one', async () => {
    const codes = ['482913', '105377'];
    const api = fakeApi({
      ...referralPageRoutes(referralFixture()),
      // One second left: the next code is due at once.
      'GET /api/referrals/r1/verification-code/': () => ({
        status: 200,
        body: { code: codes.shift() ?? '105377', seconds_left: 1, expires_at: '2026-11-26T01:01:00Z' },
      }),
      'POST /api/referrals/r1/verification-code/': {
        status: 200,
        body: { code: '730044', seconds_left: 60, expires_at: '2026-11-26T01:02:00Z' },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/referrals/r1');
    const panel = await screen.findByRole('region', { name: 'Verification code' });
    expect(await within(panel).findByText('482 913')).toBeDefined();
    expect(within(panel).getByText('Changes in 1 s')).toBeDefined();
    expect(await within(panel).findByText('105 377', undefined, { timeout: 4000 })).toBeDefined();

    await user.click(within(panel).getByRole('button', { name: 'New code' }));
    expect(await within(panel).findByText('730 044')).toBeDefined();
    expect(within(panel).getByText('Changes in 60 s')).toBeDefined();
    expect(api.callsTo('POST /api/referrals/r1/verification-code/')).toHaveLength(1);
  });

  it('shows no verification code to the receiver side or on a draft', async () => {
    const api = fakeApi({
      ...referralPageRoutes(receiverReferral),
      'POST /api/referrals/r1/view/': { status: 200, body: receiverReferral },
    });
    renderRoutes(routes, '/referrals/r1');
    expect(await screen.findByRole('link', { name: 'Triage' })).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Verification code' })).toBeNull();
    expect(api.callsTo('GET /api/referrals/r1/verification-code/')).toHaveLength(0);
  });
});
