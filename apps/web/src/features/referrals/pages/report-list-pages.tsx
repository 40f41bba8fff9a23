import { useParams } from 'react-router';
import { ReportListScreen } from '../reports/report-list-screen';

/** Clinical reports inbox at /clinical-reports/inbox/:type (spec section 2); the router checked the type. */
export function ReportInboxPage() {
  const { type = 'all' } = useParams();
  return <ReportListScreen key={`inbox-${type}`} box="inbox" type={type} />;
}

/** Clinical reports outbox at /clinical-reports/outbox/:type, drafts included. */
export function ReportOutboxPage() {
  const { type = 'all' } = useParams();
  return <ReportListScreen key={`outbox-${type}`} box="outbox" type={type} />;
}
