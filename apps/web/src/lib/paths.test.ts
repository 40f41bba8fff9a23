import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('builds list links from the spec list types', () => {
    expect(paths.referrals.inbox.getHref('all')).toBe('/referrals/inbox/all');
    expect(paths.referrals.outbox.getHref('drafts')).toBe('/referrals/outbox/drafts');
    expect(paths.clinicalReports.inbox.getHref('under-review')).toBe('/clinical-reports/inbox/under-review');
    expect(paths.clinicalReports.outbox.getHref('drafts')).toBe('/clinical-reports/outbox/drafts');
  });

  it('leaves optional segments out when they are not given', () => {
    expect(paths.referrals.create.getHref()).toBe('/referrals/create');
    expect(paths.referrals.create.getHref('d-1')).toBe('/referrals/create/d-1');
    expect(paths.referrals.report.getHref('r1')).toBe('/referrals/r1/report');
    expect(paths.referrals.detail.getHref('r1')).toBe('/referrals/r1');
    expect(
      paths.referrals.detail.getHref('r1', { tab: 'conference', returnURL: '/referrals/inbox/all' }),
    ).toBe('/referrals/r1?tab=conference&returnURL=%2Freferrals%2Finbox%2Fall');
    expect(paths.referrals.report.getHref('r1', 'rep2')).toBe('/referrals/r1/report/rep2');
    expect(paths.admin.getHref('users')).toBe('/admin/users');
    expect(paths.admin.getHref('users', 'removed', 7)).toBe('/admin/users/removed/7');
  });

  it('marks a login that follows an inactivity logout', () => {
    expect(paths.auth.login.getHref()).toBe('/login');
    expect(paths.auth.login.getHref({ sessionExpired: true })).toBe('/login?session_expired=true');
  });

  it('carries an access link’s token to each page it opens', () => {
    expect(paths.public.externalReferral.getHref('a+b/c')).toBe('/referrals/external?access=a%2Bb%2Fc');
    expect(paths.public.consent.getHref('t')).toBe('/referrals/consent?access=t');
    expect(paths.public.uploadFiles.getHref('t')).toBe('/referrals/upload-files?access=t');
    expect(paths.public.externalClinicalReports.getHref('t')).toBe('/external-clinical-reports?access=t');
    expect(paths.public.externalClinicalReports.getHref()).toBe('/external-clinical-reports');
    expect(paths.referrals.externalOrigin.getHref('t')).toBe('/referrals/external-origin?token=t');
  });

  it('encodes ids and slugs taken from data', () => {
    expect(paths.referrals.detail.getHref('a/b c')).toBe('/referrals/a%2Fb%20c');
    expect(paths.public.referBySlug.getHref('st vincent’s')).toBe('/refer/st%20vincent%E2%80%99s');
  });

  it('writes the patterns the router registers', () => {
    expect(paths.referrals.create.path).toBe('/referrals/create/:id?');
    expect(paths.referrals.report.path).toBe('/referrals/:id/report/:reportID?');
    expect(paths.admin.path).toBe('/admin/:page/:subpage?/:user?');
    expect(paths.settings.section.getHref('medical-registration')).toBe('/settings/medical-registration');
  });
});
