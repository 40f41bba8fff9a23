import { describe, expect, it } from 'vitest';
import type { ExternalReferralDraft } from '@referrals/domain/portals/external-referral-schemas';
import { draftWriteOf, emptyPortalForm, portalFormOf, requiredFieldsOf } from './portal-form-values';

describe("the portal form's values", () => {
  it('saves empty inputs as null and trims the rest', () => {
    const values = emptyPortalForm('PATIENT');
    values.sender.first_name = '  Mia ';
    values.patient.dob = '1961-04-02';
    const body = draftWriteOf(values, { cardiology_referral: { weight: 80 } });
    expect(body.sender_type).toBe('PATIENT');
    expect(body.sender?.first_name).toBe('Mia');
    expect(body.sender?.email).toBeNull();
    expect(body.patient?.dob).toBe('1961-04-02');
    expect(body.patient?.state).toBeNull();
    expect(body.referrer_message).toBeNull();
    expect(body.forms).toEqual({ cardiology_referral: { weight: 80 } });
    expect(body.consent).toBe(false);
  });

  it("drops a patient sender's provider details and a professional's relation (section 5)", () => {
    const patient = emptyPortalForm('PATIENT');
    patient.sender.provider_number = '2426621B';
    patient.sender.relation = 'carer';
    expect(draftWriteOf(patient, {}).sender).toMatchObject({ provider_number: null, relation: 'carer' });
    const professional = { ...patient, sender_type: 'PROVIDER' as const };
    expect(draftWriteOf(professional, {}).sender).toMatchObject({
      provider_number: '2426621B',
      relation: null,
    });
  });

  it('sends no sender type before one is chosen', () => {
    expect(draftWriteOf(emptyPortalForm(null), {})).not.toHaveProperty('sender_type');
  });

  it('fills the form from a saved draft, its nulls as empty inputs', () => {
    const draft: ExternalReferralDraft = {
      id: 'd1',
      sender_type: 'PROVIDER',
      sender: { first_name: 'Sam', role: 'GP', email: null },
      patient: { last_name: 'Nguyen', state: 'NSW' },
      referrer_message: null,
      forms: {},
      consent: true,
      attachments: [],
      code_sent_at: null,
      expires_at: '2026-01-02T00:00:00Z',
      submitted: false,
    };
    const values = portalFormOf(draft, 'PATIENT');
    expect(values.sender_type).toBe('PROVIDER');
    expect(values.sender).toMatchObject({ first_name: 'Sam', role: 'GP', email: '', last_name: '' });
    expect(values.patient).toMatchObject({
      last_name: 'Nguyen',
      state: 'NSW',
      first_name: '',
      sex_at_birth: null,
    });
    expect(values.referrer_message).toBe('');
    expect(values.consent).toBe(true);
  });

  it("marks the fields the domain's submit check requires of each sender type", () => {
    const patient = requiredFieldsOf('PATIENT');
    expect(patient).toContain('sender.relation');
    expect(patient).not.toContain('sender.provider_number');
    expect(patient).toContain('patient.concession_type');
    expect(patient).toContain('referrer_message');
    const professional = requiredFieldsOf('PROVIDER');
    expect(professional).toContain('sender.provider_number');
    expect(professional).toContain('sender.practice_name');
    expect(professional).not.toContain('sender.relation');
  });
});
