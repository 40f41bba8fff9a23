import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { establishmentTypes } from '@referrals/domain/establishments/establishment-codes';
import {
  UNKNOWN_LINK_MESSAGE,
  UNLISTED_RECEIVER_CONTACT_MESSAGE,
} from '@referrals/domain/referrals/referral-receivers';
import { SUBMIT_FAILURE_MESSAGE } from '@referrals/domain/referrals/referral-draft-steps';
import { beforeAll, describe, expect, it } from 'vitest';
import { establishmentFixture } from '@/test/establishment-fixture';
import { embedRuntimeConfig, renderRoutes } from '@/test/render-screen';
import { draftFixture } from '../create/draft-fixture';
import { api, heart, page, royal, routes } from './create-referral-screen-setup';

beforeAll(() => embedRuntimeConfig());

describe('referral creation (spec section 4 Draft creation steps)', () => {
  it('offers receivers other than the current establishment and starts the draft on leaving step 0', async () => {
    const calls = api();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/referrals/create');

    await screen.findByRole('radio', { name: /North Shore Heart Clinic/ });
    expect(screen.queryByRole('radio', { name: /Harbourside Clinic/ })).toBeNull();
    expect(calls.callsTo('GET /api/establishments/')[0]?.search).toContain('approved=true');

    await user.click(screen.getByRole('radio', { name: /North Shore Heart Clinic/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByRole('button', { name: 'Pick Emily' });
    expect(calls.callsTo('POST /api/referrals/')[0]?.body).toMatchObject({
      type: 'IN-APP',
      to_establishment: 'heart',
    });
    expect(router.state.location.pathname).toBe('/referrals/create/draft-1');
  });

  it('takes the focus to the new step’s title on changing step, so the next Tab reaches its first control', async () => {
    api();
    const user = userEvent.setup();
    renderRoutes(routes, '/referrals/create');

    await user.click(await screen.findByRole('radio', { name: /North Shore Heart Clinic/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const title = await screen.findByRole('heading', { level: 2, name: 'The patient' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pick Emily' }));

    await user.click(screen.getByRole('button', { name: 'Back' }));
    const receiverTitle = await screen.findByRole('heading', { level: 2, name: 'Who receives the referral' });
    await waitFor(() => expect(document.activeElement).toBe(receiverTitle));
  });

  it('reopens a draft on its receiver, chosen', async () => {
    api();
    renderRoutes(routes, '/referrals/create/draft-1?step=0');
    const heart = await screen.findByRole('radio', { name: /North Shore Heart Clinic/ });
    expect((heart as HTMLInputElement).checked).toBe(true);
  });

  it('reopens a draft to a department with its hospital chosen and the department selected', async () => {
    api({
      'GET /api/referrals/draft-1/': {
        status: 200,
        body: draftFixture({
          to_establishment: {
            id: 'cardio',
            name: 'Cardiology',
            type: 'DT',
            digital_ordering: false,
            accepts_advice_and_guidance: false,
            case_conferences_enabled: false,
          },
        }),
      },
      'GET /api/establishments/cardio/': {
        status: 200,
        body: establishmentFixture('cardio', 'Cardiology', {
          type: establishmentTypes.coded('DT'),
          hospital: { id: 'royal', name: 'Royal Eastern Hospital' },
          doctors: [{ id: 'singh', title: 'Dr', first_name: 'Priya', last_name: 'Singh', role: 'SP' }],
        }),
      },
    });
    renderRoutes(routes, '/referrals/create/draft-1?step=0');

    const hospital = await screen.findByRole('radio', { name: /Royal Eastern Hospital/ });
    await waitFor(() => expect((hospital as HTMLInputElement).checked).toBe(true));
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Department' }).value).toBe('Cardiology');
  });

  it('saves the draft as the patient is chosen', async () => {
    const calls = api();
    const user = userEvent.setup();
    renderRoutes(routes, '/referrals/create/draft-1?step=1');

    await user.click(await screen.findByRole('button', { name: 'Pick Emily' }));
    await waitFor(() =>
      expect(calls.callsTo('PATCH /api/referrals/draft-1/').at(-1)?.body).toMatchObject({ patient: 'emily' }),
    );
  });

  it('shows a hidden form field when its rule holds, and saves the form', async () => {
    const calls = api();
    const user = userEvent.setup();
    renderRoutes(routes, '/referrals/create/draft-1?step=2');

    await user.click(await screen.findByRole('radio', { name: 'no' }));
    expect(screen.queryByLabelText('Date of the echocardiogram')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'yes' }));
    expect(await screen.findByLabelText('Date of the echocardiogram')).toBeTruthy();

    await waitFor(() =>
      expect(calls.callsTo('PUT /api/referrals/draft-1/forms/').at(-1)?.body).toEqual({
        form: 'cardiology',
        fields: { prior_echo: 'yes' },
      }),
    );
  });

  it('keeps what was typed and warns when a save fails', async () => {
    api({ 'PATCH /api/referrals/draft-1/': { status: 503, body: { detail: 'Unavailable' } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/referrals/create/draft-1?step=4');

    const supervisor = await screen.findByLabelText('Supervisor’s name');
    await user.type(supervisor, 'Dr Lee');
    expect(await screen.findByText('Not saved yet', {}, { timeout: 3000 })).toBeTruthy();
    expect((supervisor as HTMLInputElement).value).toBe('Dr Lee');
  });

  it('shows the submit failure and the error on the step that owns it, and lands on the referral once sent', async () => {
    let fail = true;
    api({
      'POST /api/referrals/draft-1/submit/': () =>
        fail
          ? { status: 400, body: { patient: ['This field is required.'] } }
          : { status: 200, body: draftFixture({ status: { value: 'SBMT', display: 'Submitted' } }) },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/referrals/create/draft-1?step=5');

    await user.click(await screen.findByRole('button', { name: 'Submit referral' }));
    expect(await screen.findByText(SUBMIT_FAILURE_MESSAGE)).toBeTruthy();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(router.state.location.search).toBe('?step=1');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Pick Emily' }));
    await user.click(screen.getByRole('button', { name: 'Renewal and notifications' }));
    await user.click(await screen.findByRole('button', { name: 'Submit referral' }, { timeout: 3000 }));
    expect(await screen.findByText('The referral page')).toBeTruthy();
  });

  it('offers a department’s own doctors once the sender narrows a hospital to it', async () => {
    const calls = api({
      'GET /api/establishments/cardio/': {
        status: 200,
        body: establishmentFixture('cardio', 'Cardiology', {
          type: establishmentTypes.coded('DT'),
          hospital: { id: 'royal', name: 'Royal Eastern Hospital' },
          doctors: [{ id: 'nguyen', title: 'Dr', first_name: 'Anh', last_name: 'Nguyen', role: 'SP' }],
        }),
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/referrals/create');

    await user.click(await screen.findByRole('radio', { name: 'Hospitals' }));
    await user.click(await screen.findByRole('radio', { name: /Royal Eastern Hospital/ }));
    await user.click(screen.getByRole('combobox', { name: 'Specialist' }));
    expect(await screen.findByRole('option', { name: 'Dr Priya Singh' })).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Department' }));
    await user.click(await screen.findByRole('option', { name: 'Cardiology' }));
    expect(await screen.findByText('Cardiology, Royal Eastern Hospital')).toBeTruthy();
    expect(calls.callsTo('GET /api/establishments/cardio/')[0]?.search).toContain('include_doctors=true');
    await user.click(screen.getByRole('combobox', { name: 'Specialist' }));
    const nguyen = await screen.findByRole('option', { name: 'Dr Anh Nguyen' });
    expect(screen.queryByRole('option', { name: 'Dr Priya Singh' })).toBeNull();
    await user.click(nguyen);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('button', { name: 'Pick Emily' });
    expect(calls.callsTo('POST /api/referrals/')[0]?.body).toMatchObject({
      to_establishment: 'cardio',
      assignee: 'nguyen',
    });
  });

  it('takes a receiver not listed by hand, field by field, as a manual referral', async () => {
    const calls = api({
      'POST /api/referrals/': { status: 201, body: draftFixture({ type: 'MANUAL', to_establishment: null }) },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/referrals/create');

    await user.click(await screen.findByRole('button', { name: 'Enter the receiver’s details' }));
    expect(screen.queryByRole('radio', { name: /North Shore Heart Clinic/ })).toBeNull();
    await user.type(screen.getByLabelText('Email'), 'desk@bondi');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByLabelText(/Practice name/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(calls.callsTo('POST /api/referrals/')).toHaveLength(0);

    await user.type(screen.getByLabelText(/Practice name/), 'Bondi Physiotherapy');
    // Put right, a field's message goes at once.
    expect(screen.queryByText('This field is required.')).toBeNull();
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText(UNLISTED_RECEIVER_CONTACT_MESSAGE)).toHaveLength(2);

    await user.type(screen.getByLabelText('Phone'), '02 9130 0000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('button', { name: 'Pick Emily' });
    expect(calls.callsTo('POST /api/referrals/')[0]?.body).toMatchObject({
      type: 'MANUAL',
      to_establishment: null,
      assignee: null,
      referral_receiver_establishment_practice_name: 'Bondi Physiotherapy',
      referral_receiver_establishment_phone1: '02 9130 0000',
      referral_receiver_establishment_email: null,
    });
  });

  it('saves a receiver not listed as its details are typed, on a draft reopened at the receiver step', async () => {
    const manual = draftFixture({
      type: 'MANUAL',
      to_establishment: null,
      referral_receiver_establishment_practice_name: 'Bondi Physiotherapy',
      referral_receiver_establishment_phone1: '02 9130 0000',
    });
    const calls = api({
      'GET /api/referrals/draft-1/': { status: 200, body: manual },
      'PATCH /api/referrals/draft-1/': { status: 200, body: manual },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/referrals/create/draft-1?step=0');

    const practice = await screen.findByLabelText(/Practice name/);
    expect((practice as HTMLInputElement).value).toBe('Bondi Physiotherapy');
    await user.type(screen.getByLabelText('Suburb or city'), 'Bondi');
    // Waits for the save that carries the suburb: a busy machine can deliver another save first.
    await waitFor(
      () =>
        expect(calls.callsTo('PATCH /api/referrals/draft-1/').at(-1)?.body).toMatchObject({
          type: 'MANUAL',
          to_establishment: null,
          referral_receiver_establishment_city: 'Bondi',
        }),
      { timeout: 3000 },
    );
  });

  it('opens with the receiver a send/ link names chosen', async () => {
    const calls = api({
      'GET /api/establishments/by-slug/north-shore-heart-clinic/': { status: 200, body: heart },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/send/north-shore-heart-clinic');

    expect(await screen.findByText('Sending to North Shore Heart Clinic', { selector: '*' })).toBeTruthy();
    const radio = await screen.findByRole('radio', { name: /North Shore Heart Clinic/ });
    expect((radio as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('button', { name: 'Pick Emily' });
    expect(calls.callsTo('POST /api/referrals/')[0]?.body).toMatchObject({ to_establishment: 'heart' });
  });

  it('says when a send/ link’s receiver is unknown or the sender’s own, and lets them choose', async () => {
    api({
      'GET /api/establishments/by-slug/nowhere/': { status: 404, body: { detail: 'Not found.' } },
      'GET /api/establishments/by-slug/harbourside/': {
        status: 200,
        body: establishmentFixture('harbourside', 'Harbourside Clinic'),
      },
    });
    const user = userEvent.setup();
    const first = renderRoutes(routes, '/send/nowhere');
    expect(await screen.findByText(UNKNOWN_LINK_MESSAGE)).toBeTruthy();
    const heartRadio = await screen.findByRole('radio', { name: /North Shore Heart Clinic/ });
    expect((heartRadio as HTMLInputElement).checked).toBe(false);
    await user.click(heartRadio);
    expect(await screen.findByText('North Shore Heart Clinic', { selector: 'strong' })).toBeTruthy();
    first.unmount();

    renderRoutes(routes, '/send/harbourside');
    expect(await screen.findByText(/your own establishment/)).toBeTruthy();
  });

  describe('the digital medication-order page (section 4: numbering shifts down by one)', () => {
    const hith = draftFixture({
      to_establishment: {
        id: 'hith',
        name: 'Hospital in the Home',
        type: 'DT',
        digital_ordering: true,
        accepts_advice_and_guidance: false,
        case_conferences_enabled: false,
      },
    });
    const stepNames = () =>
      screen
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label'))
        .filter((label) => label !== null);

    it('puts the medication order after the forms for a receiver with digital ordering, and saves it as typed', async () => {
      const calls = api({
        'GET /api/referrals/draft-1/': { status: 200, body: hith },
        'PATCH /api/referrals/draft-1/': { status: 200, body: hith },
      });
      const user = userEvent.setup();
      const { router } = renderRoutes(routes, '/referrals/create/draft-1?step=3');

      expect(await screen.findByRole('heading', { level: 2, name: 'Medication order' })).toBeTruthy();
      expect(stepNames()).toEqual(
        expect.arrayContaining(['The receiver’s forms', 'Medication order', 'Renewal and notifications']),
      );
      await user.click(screen.getByRole('combobox', { name: /Category of care/ }));
      await user.click(await screen.findByRole('option', { name: 'Medication support: insulin' }));
      const first = screen.getByRole('group', { name: 'Medication 1' });
      await user.type(within(first).getByRole('textbox', { name: /Medicine/ }), 'Insulin glargine');
      await user.click(screen.getByRole('button', { name: 'Add a medication' }));
      const second = await screen.findByRole('group', { name: 'Medication 2' });
      await user.type(within(second).getByRole('textbox', { name: /Dose/ }), '4 units');
      await waitFor(
        () =>
          expect(calls.callsTo('PATCH /api/referrals/draft-1/').at(-1)?.body).toMatchObject({
            medication_order: {
              category: 'medsupport_insulin',
              medications: [
                { name: 'Insulin glargine', dose: '', route: '', frequency: '' },
                { name: '', dose: '4 units', route: '', frequency: '' },
              ],
              start_date: null,
            },
          }),
        { timeout: 3000 },
      );

      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'Attachments' })).toBeTruthy();
      expect(router.state.location.search).toBe('?step=4');
    });

    it('adds the step as soon as a department with digital ordering is chosen, and drops it for another', async () => {
      const cardio = royal.departments[0];
      if (cardio === undefined) throw new Error('the fixture’s hospital has a department');
      const withHith = {
        ...royal,
        departments: [
          cardio,
          {
            ...cardio,
            id: 'hith',
            name: 'Hospital in the Home',
            digital_ordering: true,
            accepts_advice_and_guidance: false,
          },
        ],
      };
      api({ 'GET /api/establishments/': { status: 200, body: page([heart, withHith]) } });
      const user = userEvent.setup();
      renderRoutes(routes, '/referrals/create');

      await user.click(await screen.findByRole('radio', { name: 'Hospitals' }));
      await user.click(await screen.findByRole('radio', { name: /Royal Eastern Hospital/ }));
      expect(stepNames()).not.toContain('Medication order');
      await user.click(screen.getByRole('combobox', { name: 'Department' }));
      await user.click(await screen.findByRole('option', { name: 'Hospital in the Home' }));
      await waitFor(() => expect(stepNames()).toContain('Medication order'));
      await user.click(screen.getByRole('combobox', { name: 'Department' }));
      await user.click(await screen.findByRole('option', { name: 'Cardiology' }));
      await waitFor(() => expect(stepNames()).not.toContain('Medication order'));
    });

    it('shows a submit’s medication-order errors on its page', async () => {
      api({
        'GET /api/referrals/draft-1/': { status: 200, body: hith },
        'PATCH /api/referrals/draft-1/': { status: 200, body: hith },
        'POST /api/referrals/draft-1/submit/': {
          status: 400,
          body: { medication_order: { medications: [{ dose: ['This field is required.'] }] } },
        },
      });
      const user = userEvent.setup();
      const { router } = renderRoutes(routes, '/referrals/create/draft-1?step=6');

      await user.click(await screen.findByRole('button', { name: 'Submit referral' }));
      expect(await screen.findByText('This field is required.')).toBeTruthy();
      expect(router.state.location.search).toBe('?step=3');
      const first = screen.getByRole('group', { name: 'Medication 1' });
      expect(within(first).getByRole('textbox', { name: /Dose/ }).getAttribute('aria-invalid')).toBe('true');
    });

    it('keeps the steps 0 to 5 for a receiver without it, and sends no order', async () => {
      const calls = api();
      const user = userEvent.setup();
      renderRoutes(routes, '/referrals/create/draft-1?step=3');

      expect(await screen.findByRole('heading', { level: 2, name: 'Attachments' })).toBeTruthy();
      expect(stepNames()).not.toContain('Medication order');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await user.type(await screen.findByLabelText('Supervisor’s name'), 'Dr Lee');
      await waitFor(
        () =>
          expect(calls.callsTo('PATCH /api/referrals/draft-1/').at(-1)?.body).toMatchObject({
            supervisor_name: 'Dr Lee',
          }),
        { timeout: 3000 },
      );
      expect(calls.callsTo('PATCH /api/referrals/draft-1/').at(-1)?.body).toMatchObject({
        medication_order: null,
      });
    });
  });
});
