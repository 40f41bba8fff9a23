import { ExternalClinicalReportsPage } from '@/features/external-access/pages/external-clinical-reports-page';
import type { ReportBodySlot } from '@/features/external-access/report-body-slot';
import { ReportBody } from '@/features/referrals/reports/report-body';

// A report reached through an emailed link reads as the clinical reports' own reader shows it.
const reportBody: ReportBodySlot = ({ html }) => <ReportBody html={html} />;

/** /external-clinical-reports?access=…, the reports addressed to the reader of an access link. */
export function ExternalClinicalReportsRoute() {
  return <ExternalClinicalReportsPage reportBody={reportBody} />;
}
