import { EMAIL_MESSAGE, POSTCODE_MESSAGE, REQUIRED_MESSAGE } from '../field-messages.ts';
import { describe, expect, it } from 'vitest';
import {
  UNLISTED_RECEIVER_CONTACT_MESSAGE,
  linkedReceiverRefusal,
  offeredReceivers,
  unlistedReceiverErrors,
} from './referral-receivers.ts';

const place = (id: string, type: string, is_approved = true) => ({ id, is_approved, type: { value: type } });

describe('offeredReceivers (section 6 Rules)', () => {
  it('offers approved establishments of the chosen type other than the current one', () => {
    const list = [place('own', 'CL'), place('heart', 'CL'), place('new', 'CL', false), place('royal', 'HL')];
    expect(offeredReceivers(list, 'CL', 'own').map((p) => p.id)).toEqual(['heart']);
    expect(offeredReceivers(list, 'HL', 'own').map((p) => p.id)).toEqual(['royal']);
  });
});

describe('linkedReceiverRefusal (section 2 send/:establishment_slug)', () => {
  const linked = (
    overrides: Partial<{ id: string; type: string; is_approved: boolean; accepts: boolean }>,
  ) => ({
    id: overrides.id ?? 'heart',
    name: 'North Shore Heart Clinic',
    type: { value: overrides.type ?? 'CL' },
    is_approved: overrides.is_approved ?? true,
    accepts_in_app_referrals: overrides.accepts ?? true,
  });

  it('preselects an approved establishment that takes referrals in the app', () => {
    expect(linkedReceiverRefusal(linked({}), 'own')).toBeNull();
  });

  it('refuses the sender’s own, an unapproved one, a personal space and one not taking in-app referrals', () => {
    expect(linkedReceiverRefusal(linked({ id: 'own' }), 'own')).toMatch(/your own establishment/);
    expect(linkedReceiverRefusal(linked({ is_approved: false }), 'own')).toMatch(/cannot receive referrals/);
    expect(linkedReceiverRefusal(linked({ type: 'PA' }), 'own')).toMatch(/cannot receive referrals/);
    expect(linkedReceiverRefusal(linked({ accepts: false }), 'own')).toMatch(
      /does not take referrals in the app/,
    );
  });
});

describe('unlistedReceiverErrors (section 5 newOtherHCP)', () => {
  it('needs a practice name and an email or a phone number', () => {
    expect(unlistedReceiverErrors({})).toEqual({
      referral_receiver_establishment_practice_name: [REQUIRED_MESSAGE],
      referral_receiver_establishment_email: [UNLISTED_RECEIVER_CONTACT_MESSAGE],
      referral_receiver_establishment_phone1: [UNLISTED_RECEIVER_CONTACT_MESSAGE],
    });
    expect(
      unlistedReceiverErrors({
        referral_receiver_establishment_practice_name: 'Bondi Physio',
        referral_receiver_establishment_phone1: '02 9130 0000',
      }),
    ).toEqual({});
  });

  it('checks the email, the state against the section 9 list and the postcode when given', () => {
    const errors = unlistedReceiverErrors({
      referral_receiver_establishment_practice_name: '  ',
      referral_receiver_establishment_email: 'not-an-email',
      referral_receiver_establishment_state: 'XYZ',
      referral_receiver_establishment_postcode: '20',
    });
    expect(errors).toEqual({
      referral_receiver_establishment_practice_name: [REQUIRED_MESSAGE],
      referral_receiver_establishment_email: [EMAIL_MESSAGE],
      referral_receiver_establishment_state: ['Choose a state from the list.'],
      referral_receiver_establishment_postcode: [POSTCODE_MESSAGE],
    });
  });

  it('takes empty optional fields as not given', () => {
    expect(
      unlistedReceiverErrors({
        referral_receiver_establishment_practice_name: 'Bondi Physio',
        referral_receiver_establishment_email: 'desk@bondiphysio.example',
        referral_receiver_establishment_state: '',
        referral_receiver_establishment_postcode: null,
      }),
    ).toEqual({});
  });
});
