import type { Queryable } from '../database.ts';
import { reportTemplates } from '../schema/reports.ts';

/**
 * The demo clinic's report templates (section 3: report_body and establishment): the letters a
 * cardiologist sends back most, so a newcomer can start a report from one.
 */
export async function seedDemoReportTemplates(tx: Queryable, clinicId: string): Promise<void> {
  await tx.insert(reportTemplates).values([
    {
      establishment_id: clinicId,
      name: 'Cardiology consultation',
      report_body:
        '<p>Thank you for referring this patient, whom I saw today.</p>' +
        '<h2>Assessment</h2><p></p>' +
        '<h2>Investigations</h2><ul><li><p>ECG:</p></li><li><p>Echocardiogram:</p></li></ul>' +
        '<h2>Plan</h2><p></p>' +
        '<p>I will see them again in three months. Please do not hesitate to call me.</p>',
    },
    {
      establishment_id: clinicId,
      name: 'Echocardiogram result',
      report_body:
        '<h2>Findings</h2><p>Left ventricular size and systolic function:</p><p>Valves:</p>' +
        '<h2>Conclusion</h2><p></p>',
    },
  ]);
}
