import { describe, expect, it } from 'vitest';
import { REFERRAL_LIFECYCLE_ACTIONS } from '../referrals/referral-lifecycle.ts';
import { REFERRAL_TRANSITIONS } from '../referrals/referral-lifecycle.ts';
import { notificationBadge } from './notification-schemas.ts';
import {
  linkUploadNotification,
  REFERRAL_NOTIFICATIONS,
  referralNotificationFor,
} from './referral-notifications.ts';

describe('referral notifications', () => {
  it('announces each transition from the side that takes it, naming who acted', () => {
    for (const action of REFERRAL_LIFECYCLE_ACTIONS) {
      const rule = REFERRAL_NOTIFICATIONS[action];
      if (!rule) continue;
      expect(REFERRAL_TRANSITIONS[action].side, action).toBe(rule.by);
    }
    const accept = referralNotificationFor('accept');
    expect(accept?.title).toBe('Referral accepted');
    expect(accept?.text('Northside Cardiology', 'Olivia Whitfield')).toBe(
      'Northside Cardiology accepted your referral for Olivia Whitfield',
    );
  });

  it('leaves the patient out of the sentence mail uses', () => {
    expect(referralNotificationFor('view')?.text('Northside Cardiology', null)).toBe(
      'Northside Cardiology viewed your referral',
    );
  });

  it('titles a resubmitted referral as an update, and notifies nobody of a draft edit or an archive', () => {
    expect(referralNotificationFor('submit', { is_updated: true })?.title).toBe('Updated referral received');
    expect(referralNotificationFor('submit')?.title).toBe('New referral received');
    const advice = referralNotificationFor('submit', { type: 'ADVICE_AND_GUIDANCE' });
    expect(advice?.title).toBe('Advice requested');
    expect(advice?.text('Harbour GP', null)).toBe('Harbour GP asked you for advice');
    expect(referralNotificationFor('convert')?.text('Northside Cardiology', null)).toBe(
      'Northside Cardiology converted your request for advice into a referral',
    );
    expect(referralNotificationFor('update')).toBeNull();
    expect(referralNotificationFor('archive')).toBeNull();
  });

  it('tells the receiver of a file back through a link by who sent it, naming the patient only in the app', () => {
    const file = linkUploadNotification({ consentForm: false, audience: 'sender' });
    expect([file.title, file.text('ignored', 'Maya Nguyen'), file.email]).toEqual([
      'Files received',
      'The referrer sent a file for the referral for Maya Nguyen',
      null,
    ]);
    expect(linkUploadNotification({ consentForm: true, audience: 'shared' }).text('ignored', null)).toBe(
      'Someone with the referral’s link sent the signed consent form',
    );
  });

  it('caps the badge at 99+', () => {
    expect([0, 1, 99, 100, 5000].map(notificationBadge)).toEqual(['', '1', '99', '99+', '99+']);
  });
});
