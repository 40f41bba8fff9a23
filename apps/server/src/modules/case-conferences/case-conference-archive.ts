import type {
  CaseConference,
  CaseConferenceEvent,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import { formatDateTime } from '@referrals/domain/dates';
import type { Database } from '../../db/database.ts';
import { conflict, notFound } from '../../http/api-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { renderLetter } from '../referrals/letter/letter-document.ts';
import { caseConferenceStatuses } from '@referrals/domain/case-conferences/case-conference-codes';
import { inCaseConference, type CaseConferenceCall } from './case-conference-access.ts';
import { conferenceDetail, eventsOf, threadOf } from './case-conference-queries.ts';

/** What one event of the thread reads as in the archive: who and when on the left, what on the right. */
function eventLine(event: CaseConferenceEvent): { label: string; value: string } {
  const when = formatDateTime(event.created_at);
  const who = event.author?.name ?? 'Referrals';
  switch (event.kind.value) {
    case 'message':
      return { label: `${who}\n${when}`, value: event.message ?? '' };
    case 'participant_invited':
      return { label: when, value: `${who} invited ${event.participant?.name ?? 'a colleague'}.` };
    case 'one_day_warning':
      return { label: when, value: 'The case conference closes in one day.' };
    default:
      return {
        label: when,
        value: event.author ? `${who} closed the case conference.` : 'The case conference closed.',
      };
  }
}

/** The archive of a closed conference as an A4 PDF: who took part, then every event with every message. */
function renderArchive(conference: CaseConference, events: CaseConferenceEvent[], printedAt: Date) {
  const patient = conference.referral.patient;
  const patientName = patient ? `${patient.first_name} ${patient.last_name}` : 'No patient';
  return renderLetter(
    {
      title: `Case conference: ${patientName}`,
      author: conference.owner.name,
      subject: 'Case conference archive',
      printed_at: printedAt,
      footer: `Case conference ${conference.id}, referral ${conference.referral.id}`,
    },
    (layout) => {
      layout.paragraph('Case conference archive', { size: 16, weight: 'bold' });
      layout.gap(8);
      layout.rows(
        [
          { label: 'Patient', value: patientName },
          {
            label: 'Referred by',
            value: conference.referral.from_establishment?.name ?? 'Outside the product',
          },
          { label: 'Referred to', value: conference.referral.to_establishment?.name ?? '' },
          { label: 'Started by', value: conference.owner.name },
          { label: 'Started', value: formatDateTime(conference.started_at) },
          { label: 'Closed', value: conference.closed_at ? formatDateTime(conference.closed_at) : '' },
        ],
        'Case conference',
      );
      layout.heading('Participants');
      layout.rows(
        conference.participants.map((participant) => ({
          label: participant.user.name,
          value: `${participant.establishment.name} (${participant.status.display})`,
        })),
        'Participants',
      );
      layout.heading('Discussion');
      layout.rows(events.map(eventLine), 'Discussion');
    },
  );
}

/** The most events an archive reads: a conference's 14 days of discussion fit many times over. */
const ARCHIVE_EVENT_LIMIT = 10_000;

/**
 * GET referrals/{id}/case/archive/: the archive PDF of the referral's closed conference, listing every
 * message (section 3 Case conference state: archivePdf), for anyone who may read the conference. An active
 * conference has no archive yet: 409 naming its status.
 */
export async function readCaseConferenceArchive(
  db: Database,
  options: CaseConferenceCall & { now: Date },
): Promise<{ pdf: Buffer; conferenceId: string }> {
  const found = await inCaseConference(db, options, async (tx, access) => {
    const { conference, referral } = access;
    if (!conference) throw notFound();
    if (conference.status !== 'closed') {
      throw conflict(
        'This case conference is Active: its archive is made once it is closed.',
        caseConferenceStatuses.coded('active'),
      );
    }
    await recordAudit(tx, options.actor, {
      action: 'case_conference.archive',
      resourceType: 'case_conference',
      resourceId: conference.id,
      patientId: referral.patient_id,
      detail: { referral_id: referral.id },
    });
    return {
      detail: await conferenceDetail(tx, access, options.caller.userId),
      events: await eventsOf(tx, threadOf(conference.id), { limit: ARCHIVE_EVENT_LIMIT, offset: 0 }),
    };
  });
  // Drawn after the transaction: rendering takes a while and needs no rows locked or connection held.
  const pdf = await renderArchive(found.detail, found.events, options.now);
  return { pdf, conferenceId: found.detail.id };
}
