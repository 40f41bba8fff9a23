import type { Report } from '@referrals/domain/reports/report-schemas';
import type { Person } from '../establishments/establishment-test-people.ts';

/** The paths of one report. */
export function reportPaths(referralId: string, reportId: string) {
  const one = `/api/referrals/${referralId}/reports/${reportId}/`;
  return {
    one,
    action: (name: 'submit' | 'view' | 'underreview' | 'review') => `${one}${name}/`,
    files: `/api/reports/${reportId}`,
  };
}

/** A draft report by `author` on the referral, as the API answers it. */
export async function draftReport(author: Person, referralId: string, body: object = {}): Promise<Report> {
  const res = await author.api('POST', `/api/referrals/${referralId}/reports/`, {
    report_body: '<p>Echo normal. Holter: paroxysmal AF.</p>',
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`draft report: ${res.statusCode} ${res.body}`);
  return res.json<Report>();
}

/** A report written by `author` and submitted to the referrer. */
export async function submittedReport(
  author: Person,
  referralId: string,
  body: object = {},
): Promise<Report> {
  const draft = await draftReport(author, referralId, body);
  const res = await author.api('POST', reportPaths(referralId, draft.id).action('submit'));
  if (res.statusCode !== 200) throw new Error(`submit report: ${res.statusCode} ${res.body}`);
  return res.json<Report>();
}
