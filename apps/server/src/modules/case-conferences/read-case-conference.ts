import type { FastifyRequest } from 'fastify';
import type {
  CaseConference,
  CaseConferenceEventPage,
  CaseConferenceEventsQuery,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import type { Page } from '@referrals/domain/api';
import { count } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { caseConferenceEvents } from '../../db/schema/case-conferences.ts';
import { notFound } from '../../http/api-errors.ts';
import { pageWindow, toPage } from '../../http/paging.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { inCaseConference, type CaseConferenceCall } from './case-conference-access.ts';
import { conferenceDetail, eventsOf, threadOf } from './case-conference-queries.ts';

/**
 * GET referrals/{id}/case/: the referral's newest conference as the caller sees it (section 3 Case
 * conference state), for anyone who may see the referral or takes part; 404 when it never had one.
 */
export async function getCaseConference(db: Database, call: CaseConferenceCall): Promise<CaseConference> {
  return inCaseConference(db, call, async (tx, access) => {
    if (!access.conference) throw notFound();
    await recordAudit(tx, call.actor, {
      action: 'case_conference.read',
      resourceType: 'case_conference',
      resourceId: access.conference.id,
      patientId: access.referral.patient_id,
      detail: { referral_id: access.referral.id },
    });
    return conferenceDetail(tx, access, call.caller.userId);
  });
}

/**
 * GET referrals/{id}/case/events/: the thread, oldest first. Paged with `page`; with `after=<event id>`
 * only what is newer, at most `page_size` of it, `next` then carrying on from the last one: a poll is one
 * range scan of the thread index, and writes its audit row only when it found something to read. The
 * participants' read marks come with it (from the access check's rows), so a poll shows them move.
 */
export async function listCaseConferenceEvents(
  db: Database,
  options: CaseConferenceCall & {
    query: CaseConferenceEventsQuery;
    request: FastifyRequest;
    publicUrl: string;
  },
): Promise<CaseConferenceEventPage> {
  const { query } = options;
  return inCaseConference(db, options, async (tx, access) => {
    const { conference, referral } = access;
    if (!conference) throw notFound();
    let page: Page<CaseConferenceEventPage['results'][number]>;
    if (query.after === undefined) {
      const [total] = await tx
        .select({ n: count() })
        .from(caseConferenceEvents)
        .where(threadOf(conference.id));
      const results = await eventsOf(tx, threadOf(conference.id), pageWindow(query));
      page = toPage(options.request, query, Number(total?.n ?? 0), results, options.publicUrl);
    } else {
      const found = await eventsOf(tx, threadOf(conference.id, Number(query.after)), {
        limit: query.page_size + 1,
        offset: 0,
      });
      const results = found.slice(0, query.page_size);
      const last = results.at(-1);
      const next = new URL(options.request.url, options.publicUrl);
      if (last) next.searchParams.set('after', last.id);
      page = {
        count: results.length,
        next: found.length > query.page_size ? next.toString() : null,
        previous: null,
        results,
      };
    }
    if (page.results.length > 0) {
      await recordAudit(tx, options.actor, {
        action: 'case_conference.events.read',
        resourceType: 'case_conference',
        resourceId: conference.id,
        patientId: referral.patient_id,
        detail: { referral_id: referral.id, events: page.results.length },
      });
    }
    const read_marks = access.participants.map((mark) => ({
      user_id: mark.user_id,
      last_read_event_id: mark.last_read_event_id === null ? null : String(mark.last_read_event_id),
    }));
    return { ...page, read_marks };
  });
}
