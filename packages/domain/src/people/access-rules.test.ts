import { describe, expect, it } from 'vitest';
import {
  canSeePatientData,
  BEING_VERIFIED_HINT,
  NO_PERMISSION_HINT,
  canAdministerEstablishment,
  canSeeDraftReferrals,
  canSeeDraftReports,
  canSeeInbox,
  canSeeReportsInbox,
  canSeeOutboxReferrals,
  canSendReferrals,
  hasIntegrationAccess,
  hasPermission,
  hasSharedInboxAccess,
  hasSharedOutboxAccess,
  isAdminEntryEnabled,
  isLimitedMode,
  isOpenInLimitedMode,
  newReferralButton,
  type AccessContext,
  type CurrentEmployment,
} from './access-rules.ts';

const approved: CurrentEmployment = {
  priority: 1,
  status: 'APPROVED',
  can_send_referral: true,
  has_shared_inbox_access: false,
  has_shared_outbox_access: false,
  is_head_of_department: false,
  has_special_access: false,
};

function context(overrides: Partial<AccessContext> = {}): AccessContext {
  return {
    role: 'GP',
    sub_role: null,
    permissions: ['manage_referral', 'add_referral'],
    establishmentType: 'PR',
    employment: approved,
    flags: { friendlyForwarding: false, gpReportsInbox: false },
    ...overrides,
  };
}

describe('permission checks (section 6 Permissions)', () => {
  it('match when the caller holds any of the listed permissions', () => {
    expect(hasPermission(['add_referral'], ['accept_referral', 'add_referral'])).toBe(true);
    expect(hasPermission(['add_referral'], 'accept_referral')).toBe(false);
    expect(hasPermission([], [])).toBe(false);
  });
});

describe('sending referrals', () => {
  it('is always allowed to an other clinician and at a personal establishment', () => {
    const refused = { ...approved, can_send_referral: false };
    expect(canSendReferrals(context({ sub_role: 'OC', employment: refused }))).toBe(true);
    expect(canSendReferrals(context({ establishmentType: 'PA', employment: refused }))).toBe(true);
  });

  it('follows can_send_referral once the employment is approved', () => {
    expect(canSendReferrals(context())).toBe(true);
    expect(canSendReferrals(context({ employment: { ...approved, can_send_referral: false } }))).toBe(false);
  });

  it('is allowed before approval unless friendly forwarding is on', () => {
    const unverified = { ...approved, status: 'UNVERIFIED' as const, can_send_referral: false };
    expect(canSendReferrals(context({ employment: unverified }))).toBe(true);
    expect(
      canSendReferrals(
        context({ employment: unverified, flags: { friendlyForwarding: true, gpReportsInbox: false } }),
      ),
    ).toBe(false);
  });
});

describe('shared inbox and outbox access', () => {
  it('gives a GP or a personal establishment the shared inbox always', () => {
    expect(hasSharedInboxAccess(context({ employment: { ...approved, status: 'REQUESTED' } }))).toBe(true);
    expect(hasSharedInboxAccess(context({ role: 'PA', establishmentType: 'PA', employment: null }))).toBe(
      true,
    );
  });

  it('gives anyone else the shared inbox only when approved with the grant', () => {
    const pa = { role: 'PA' as const, establishmentType: 'HL' as const };
    expect(hasSharedInboxAccess(context({ ...pa }))).toBe(false);
    expect(
      hasSharedInboxAccess(context({ ...pa, employment: { ...approved, has_shared_inbox_access: true } })),
    ).toBe(true);
    expect(
      hasSharedInboxAccess(
        context({ ...pa, employment: { ...approved, status: 'UNVERIFIED', has_shared_inbox_access: true } }),
      ),
    ).toBe(false);
  });

  it('gives the shared outbox only when approved with the grant', () => {
    expect(hasSharedOutboxAccess(context())).toBe(false);
    expect(
      hasSharedOutboxAccess(context({ employment: { ...approved, has_shared_outbox_access: true } })),
    ).toBe(true);
    expect(
      hasSharedOutboxAccess(
        context({ employment: { ...approved, status: 'REQUESTED', has_shared_outbox_access: true } }),
      ),
    ).toBe(false);
  });
});

describe('Inbox, Outbox and Drafts visibility', () => {
  it('shows the Inbox with accept_referral, or manage_referral when the GP reports inbox is on', () => {
    expect(canSeeInbox(context({ permissions: ['accept_referral'] }))).toBe(true);
    expect(canSeeInbox(context({ permissions: ['manage_referral'] }))).toBe(false);
    expect(
      canSeeInbox(
        context({
          permissions: ['manage_referral'],
          flags: { friendlyForwarding: false, gpReportsInbox: true },
        }),
      ),
    ).toBe(true);
  });

  it('shows a PA the Inbox only with shared inbox access', () => {
    const pa = {
      role: 'PA' as const,
      establishmentType: 'HL' as const,
      permissions: ['accept_referral' as const],
    };
    expect(canSeeInbox(context(pa))).toBe(false);
    expect(canSeeInbox(context({ ...pa, employment: { ...approved, has_shared_inbox_access: true } }))).toBe(
      true,
    );
  });

  it('shows a PA outbox referrals only with shared outbox access', () => {
    expect(canSeeOutboxReferrals(context())).toBe(true);
    expect(canSeeOutboxReferrals(context({ role: 'PA' }))).toBe(false);
    expect(
      canSeeOutboxReferrals(
        context({ role: 'PA', employment: { ...approved, has_shared_outbox_access: true } }),
      ),
    ).toBe(true);
  });

  it('shows the reports inbox to whoever sees the inbox, and to a referrer whose reports come back there', () => {
    expect(canSeeReportsInbox(context({ permissions: ['accept_referral'] }))).toBe(true);
    expect(canSeeReportsInbox(context({ permissions: ['manage_referral'] }))).toBe(true);
    expect(canSeeReportsInbox(context({ permissions: ['add_referral'] }))).toBe(true);
    expect(canSeeReportsInbox(context({ permissions: ['administer_referral'] }))).toBe(false);
  });

  it('needs manage_referral for draft referrals and accept_referral for draft reports', () => {
    expect(canSeeDraftReferrals({ permissions: ['manage_referral'] })).toBe(true);
    expect(canSeeDraftReferrals({ permissions: ['accept_referral'] })).toBe(false);
    expect(canSeeDraftReports({ permissions: ['accept_referral'] })).toBe(true);
    expect(canSeeDraftReports({ permissions: ['manage_referral'] })).toBe(false);
  });
});

describe('the New Referral button', () => {
  it('is enabled with add_referral, the ability to send and an unfinished employment', () => {
    expect(newReferralButton(context())).toEqual({ enabled: true });
  });

  it('says to contact the account holder without the permission or the ability to send', () => {
    expect(newReferralButton(context({ permissions: ['manage_referral'] }))).toEqual({
      enabled: false,
      hint: NO_PERMISSION_HINT,
    });
    expect(newReferralButton(context({ employment: { ...approved, can_send_referral: false } }))).toEqual({
      enabled: false,
      hint: NO_PERMISSION_HINT,
    });
  });

  it('says to contact the account holder when the employment has finished or there is none', () => {
    expect(newReferralButton(context({ employment: { ...approved, status: 'FINISHED' } }))).toEqual({
      enabled: false,
      hint: NO_PERMISSION_HINT,
    });
    expect(newReferralButton(context({ employment: null }))).toEqual({
      enabled: false,
      hint: NO_PERMISSION_HINT,
    });
  });

  it('says the account is being verified while an unapproved employment may not send', () => {
    const flags = { friendlyForwarding: true, gpReportsInbox: false };
    expect(newReferralButton(context({ flags, employment: { ...approved, status: 'REQUESTED' } }))).toEqual({
      enabled: false,
      hint: BEING_VERIFIED_HINT,
    });
    expect(BEING_VERIFIED_HINT).toBe(
      'Your account is currently being verifed. We will be in touch with you shortly.',
    );
  });
});

describe('the PA and PM limited mode', () => {
  it('applies to a practice administrator or manager at a personal establishment only', () => {
    expect(isLimitedMode({ role: 'PA', establishmentType: 'PA' })).toBe(true);
    expect(
      isLimitedMode({ role: { value: 'PM', display: 'Practice manager' }, establishmentType: 'PA' }),
    ).toBe(true);
    expect(isLimitedMode({ role: 'GP', establishmentType: 'PA' })).toBe(false);
    expect(isLimitedMode({ role: 'PM', establishmentType: 'PR' })).toBe(false);
  });

  it('leaves open Help Desk, Dashboard, Settings and the review of an invitation only', () => {
    for (const path of ['/', '/help', '/settings', '/settings/profile', '/review-invite/e1'])
      expect(isOpenInLimitedMode(path)).toBe(true);
    for (const path of ['/patients/', '/referrals/inbox/all', '/settingsx', '/admin/users/all']) {
      expect(isOpenInLimitedMode(path)).toBe(false);
    }
  });
});

describe('admin mode entries', () => {
  it('disables professional entries unless head of department or special access', () => {
    expect(isAdminEntryEnabled({ ...approved, priority: 1 })).toBe(true);
    expect(isAdminEntryEnabled({ ...approved, priority: 3 })).toBe(false);
    expect(isAdminEntryEnabled({ ...approved, priority: 3, is_head_of_department: true })).toBe(true);
    expect(isAdminEntryEnabled({ ...approved, priority: 3, has_special_access: true })).toBe(true);
  });

  it('gives the admin portal to an approved account holder only', () => {
    expect(canAdministerEstablishment({ status: 'APPROVED', is_account_holder: true })).toBe(true);
    expect(canAdministerEstablishment({ status: 'REQUESTED', is_account_holder: true })).toBe(false);
    expect(canAdministerEstablishment({ status: 'APPROVED', is_account_holder: false })).toBe(false);
    expect(canAdministerEstablishment(null)).toBe(false);
  });
});

describe('integration access', () => {
  it('gives GPs, GP providers and practice managers access at a general practice', () => {
    for (const role of ['GP', 'GPP', 'PM'] as const) {
      expect(hasIntegrationAccess({ role, establishmentType: 'PR' }, false)).toBe(true);
    }
    expect(hasIntegrationAccess({ role: 'SP', establishmentType: 'PR' }, true)).toBe(false);
  });

  it('gives access at a clinic only when that system’s flag is on, and never at a hospital', () => {
    expect(hasIntegrationAccess({ role: 'GP', establishmentType: 'CL' }, false)).toBe(false);
    expect(hasIntegrationAccess({ role: 'GP', establishmentType: 'CL' }, true)).toBe(true);
    expect(hasIntegrationAccess({ role: 'PM', establishmentType: 'HL' }, true)).toBe(false);
  });
});

describe('patient data (approved staff only)', () => {
  it('is for an approved employment or the person’s own personal space, not an unverified or requested one', () => {
    expect(canSeePatientData({ priority: 1, status: 'APPROVED' })).toBe(true);
    expect(canSeePatientData({ priority: 3, status: 'UNVERIFIED' })).toBe(true);
    for (const status of ['UNVERIFIED', 'REQUESTED', 'INVITED', 'REVOKED'] as const)
      expect(canSeePatientData({ priority: 1, status: { value: status, display: status } })).toBe(false);
    expect(canSeePatientData(null)).toBe(false);
  });
});
