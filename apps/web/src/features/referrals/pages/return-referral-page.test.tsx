import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { referralFixture } from '../flows/referral-fixture';
import { ReturnReferralPage } from './return-referral-page';

beforeAll(() => embedRuntimeConfig());
afterEach(() => notifications.clean());

const referral = referralFixture();
const base = `/api/referrals/${referral.id}`;
const routes = [
  { path: '/referrals/:id/return', element: <ReturnReferralPage /> },
  landing('/referrals/:id', 'The referral page'),
];
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('returning a referral (spec sections 4 Other flows, 5 Return)', { timeout: 30_000 }, () => {
  it('asks for the other reason, puts the dry run’s error on the reason page, then returns', async () => {
    let answered = 0;
    const api = fakeApi({
      [`GET ${base}/`]: { status: 200, body: referral },
      [`PUT ${base}/return/`]: () => {
        answered += 1;
        // The first dry run refuses the reason; the user fixes it, the second passes and the commit follows.
        if (answered === 3)
          return { status: 200, body: { ...referral, status: { value: 'RTRN', display: 'Returned' } } };
        return answered === 1
          ? {
              status: 400,
              body: { other_return_reason: ['Ensure this field has no more than 500 characters.'] },
            }
          : { status: 200, body: { valid: true } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/referrals/${referral.id}/return`);

    expect(await heading('Why are you returning it?')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This field is required.')).toBeDefined();
    await user.click(screen.getByRole('combobox', { name: /Reason for return/ }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // 'Other' makes its text required (domain otherReasonRule).
    expect(await screen.findByText('This field is required.')).toBeDefined();
    await user.type(screen.getByLabelText(/Other reason/), 'Wrong clinic');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await heading('Message to the referrer')).toBeDefined();
    await user.type(screen.getByLabelText('Message'), 'Please refer to orthopaedics.');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await heading('Return the referral')).toBeDefined();
    // A new page takes the focus to its title, so a keyboard user goes on from there.
    expect(document.activeElement).toBe(await heading('Return the referral'));
    await user.click(screen.getByRole('button', { name: 'Return referral' }));

    expect(await heading('Why are you returning it?')).toBeDefined();
    expect(screen.getByText('Ensure this field has no more than 500 characters.')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Return referral' }));

    expect(await screen.findByText('The referral page')).toBeDefined();
    const calls = api.callsTo(`PUT ${base}/return/`);
    expect(calls.map((call) => call.search)).toEqual(['?validate=true', '?validate=true', '']);
    expect(calls[2]?.body).toEqual({
      return_reason: 'OTHER',
      other_return_reason: 'Wrong clinic',
      receiver_message: 'Please refer to orthopaedics.',
    });
    expect(await screen.findByText('Referral returned')).toBeDefined();
  });

  it('fills the message from one of the establishment’s return templates, and keeps a new one', async () => {
    const template = {
      id: 't1',
      name: 'Wrong specialty',
      body: 'This is not our specialty; please refer to orthopaedics.',
      message_type: { value: 'return', display: 'Return message' },
      establishment: 'clinic-1',
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-01T00:00:00Z',
    };
    const api = fakeApi({
      [`GET ${base}/`]: { status: 200, body: referral },
      'GET /api/referrals/templates/messages/': {
        status: 200,
        body: { count: 1, next: null, previous: null, results: [template] },
      },
      'POST /api/referrals/templates/messages/': {
        status: 201,
        body: { ...template, id: 't2', name: 'Seen already', body: 'Seen last week.' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/referrals/${referral.id}/return`);

    expect(await heading('Why are you returning it?')).toBeDefined();
    await user.click(screen.getByRole('combobox', { name: /Reason for return/ }));
    await user.click(await screen.findByRole('option', { name: 'Duplicate referral' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await heading('Message to the referrer')).toBeDefined();
    expect(api.callsTo('GET /api/referrals/templates/messages/')[0]?.search).toContain('message_type=return');

    const picker = screen.getByRole('combobox', { name: 'Use a template' });
    await waitFor(() => expect(picker).toHaveProperty('disabled', false));
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Wrong specialty' }));
    expect(screen.getByLabelText('Message')).toHaveProperty('value', template.body);

    await user.clear(screen.getByLabelText('Message'));
    await user.type(screen.getByLabelText('Message'), 'Seen last week.');
    await user.click(screen.getByRole('button', { name: 'Save as template' }));
    await user.type(await screen.findByLabelText('Template name'), 'Seen already');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Template “Seen already” saved')).toBeDefined();
    expect(api.callsTo('POST /api/referrals/templates/messages/')[0]?.body).toEqual({
      name: 'Seen already',
      body: 'Seen last week.',
      message_type: 'return',
    });
  });

  it('manages the return templates: adds one, renames one, deletes one and inserts one after the message', async () => {
    const template = {
      id: 't1',
      name: 'Wrong specialty',
      body: 'This is not our specialty.',
      message_type: { value: 'return', display: 'Return message' },
      establishment: 'clinic-1',
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-01T00:00:00Z',
    };
    const seen = { ...template, id: 't2', name: 'Seen already', body: 'Seen last week.' };
    let renamed = 0;
    const api = fakeApi({
      [`GET ${base}/`]: { status: 200, body: referral },
      'GET /api/referrals/templates/messages/': {
        status: 200,
        body: { count: 2, next: null, previous: null, results: [seen, template] },
      },
      'POST /api/referrals/templates/messages/': { status: 201, body: { ...template, id: 't3' } },
      'PUT /api/referrals/templates/messages/t1/': (body) => {
        renamed += 1;
        // The first rename is refused as the server would a name in use; the second is kept.
        return renamed === 1
          ? { status: 400, body: { name: ['A template with this name already exists.'] } }
          : { status: 200, body: { ...template, ...(body as object) } };
      },
      'DELETE /api/referrals/templates/messages/t2/': { status: 204 },
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/referrals/${referral.id}/return`);
    await user.click(await screen.findByRole('combobox', { name: /Reason for return/ }));
    await user.click(await screen.findByRole('option', { name: 'Duplicate referral' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await heading('Message to the referrer')).toBeDefined();
    await user.type(screen.getByLabelText('Message'), 'Thank you.');

    await user.click(screen.getByRole('button', { name: 'Manage templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message templates' });
    await user.click(within(dialog).getByRole('button', { name: 'New template' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Template name/ }), 'Wrong clinic');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Template text/ }),
      'Please refer elsewhere.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add template' }));
    // The form closes once the template is kept.
    expect(await within(dialog).findByRole('button', { name: 'New template' })).toBeDefined();
    expect(api.callsTo('POST /api/referrals/templates/messages/')[0]?.body).toEqual({
      name: 'Wrong clinic',
      body: 'Please refer elsewhere.',
      message_type: 'return',
    });

    await user.click(await within(dialog).findByRole('button', { name: 'Edit Wrong specialty' }));
    const name = within(dialog).getByRole('textbox', { name: /Template name/ });
    await user.clear(name);
    await user.type(name, 'Seen already');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByText('A template with this name already exists.')).toBeDefined();
    await user.clear(name);
    await user.type(name, 'Not our specialty');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/referrals/templates/messages/t1/')[1]?.body).toEqual({
        name: 'Not our specialty',
        body: 'This is not our specialty.',
        message_type: 'return',
      }),
    );

    await user.click(await within(dialog).findByRole('button', { name: 'Delete Seen already' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    expect(await screen.findByText('Template “Seen already” deleted')).toBeDefined();
    expect(api.callsTo('DELETE /api/referrals/templates/messages/t2/')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Insert Wrong specialty' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Message templates' })).toBeNull());
    expect(screen.getByLabelText('Message')).toHaveProperty(
      'value',
      'Thank you.\n\nThis is not our specialty.',
    );
  });
});
