import type { Page } from '@referrals/domain/api';
import { reportLetterPath } from '@referrals/domain/reports/report-paths';
import {
  ReportListSchema,
  ReportPageSchema,
  ReportSchema,
  ReportTemplatePageSchema,
  type Report,
  type ReportListItem,
  type ReportListQueryInput,
  type ReportTemplate,
  type ReportWrite,
} from '@referrals/domain/reports/report-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { reportsKey } from './report-stats';

/**
 * The clinical report calls (spec section 7 Reports; docs/reports.md). Every query sits under the referrals
 * key, so an action on a referral or a report refreshes the lists, the counters and the pages at once.
 */
export { reportsKey };

const reportPath = (referralId: string, reportId: string) =>
  `/api/referrals/${encodeURIComponent(referralId)}/reports/${encodeURIComponent(reportId)}/`;

/** GET reports/: one page of the reports inbox or outbox at the current establishment. */
export function reportListQueryOptions(establishmentId: string, query: ReportListQueryInput) {
  return queryOptions({
    queryKey: [...reportsKey, establishmentId, 'list', query],
    queryFn: ({ signal }): Promise<Page<ReportListItem>> =>
      apiClient('/api/reports/', {
        query: query as Record<string, string | number | undefined>,
        schema: ReportPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useReportList(establishmentId: string, query: ReportListQueryInput) {
  return useQuery(reportListQueryOptions(establishmentId, query));
}

/** GET referrals/{id}/reports/: the reports on a referral the caller's side may see. */
export function referralReportsQueryOptions(referralId: string) {
  return queryOptions({
    queryKey: [...reportsKey, 'of-referral', referralId],
    queryFn: ({ signal }) =>
      apiClient(`/api/referrals/${encodeURIComponent(referralId)}/reports/`, {
        schema: ReportListSchema,
        signal,
      }),
  });
}

export function useReferralReports(referralId: string) {
  return useQuery(referralReportsQueryOptions(referralId));
}

/** GET referrals/{id}/reports/{rid}/: one report, as read (opening it is `viewReport`). */
export function reportQueryOptions(referralId: string, reportId: string) {
  return queryOptions({
    queryKey: [...reportsKey, 'detail', reportId],
    queryFn: ({ signal }) => apiClient(reportPath(referralId, reportId), { schema: ReportSchema, signal }),
  });
}

export function useReport(referralId: string, reportId: string | undefined) {
  return useQuery({ ...reportQueryOptions(referralId, reportId ?? ''), enabled: reportId !== undefined });
}

/** GET reports/templates/: the establishment's report templates (first page of 100, by name). */
export function reportTemplatesQueryOptions(establishmentId: string) {
  return queryOptions({
    queryKey: [...reportsKey, establishmentId, 'templates'],
    queryFn: async ({ signal }): Promise<ReportTemplate[]> =>
      (
        await apiClient('/api/reports/templates/', {
          query: { page_size: 100 },
          schema: ReportTemplatePageSchema,
          signal,
        })
      ).results,
  });
}

export function useReportTemplates(establishmentId: string) {
  return useQuery(reportTemplatesQueryOptions(establishmentId));
}

/** POST referrals/{id}/reports/: a new draft. */
export function createReport(referralId: string, body: ReportWrite): Promise<Report> {
  return apiClient(`/api/referrals/${encodeURIComponent(referralId)}/reports/`, {
    method: 'POST',
    body,
    schema: ReportSchema,
  });
}

/** PATCH referrals/{id}/reports/{rid}/: saves the draft's fields (with the version read). */
export function saveReport(report: Report, body: ReportWrite): Promise<Report> {
  return apiClient(reportPath(report.referral.id, report.id), {
    method: 'PATCH',
    body: { ...body, version: report.version },
    schema: ReportSchema,
  });
}

export function deleteReport(report: Report): Promise<void> {
  return apiClient<void>(reportPath(report.referral.id, report.id), { method: 'DELETE' });
}

/** POST .../submit|view|underreview|review/: a step of the report's lifecycle. */
export function reportAction(
  report: Pick<Report, 'id' | 'referral'>,
  action: 'submit' | 'view' | 'underreview' | 'review',
): Promise<Report> {
  return apiClient(`${reportPath(report.referral.id, report.id)}${action}/`, {
    method: 'POST',
    schema: ReportSchema,
  });
}

/** POST reports/{id}/attachments/ or upload/ (multipart): answers the report with the file. */
export function uploadReportFile(report: Report, kind: 'attachments' | 'upload', file: File) {
  const body = new FormData();
  body.append('file', file);
  return apiClient(`/api/reports/${encodeURIComponent(report.id)}/${kind}/`, {
    method: 'POST',
    body,
    schema: ReportSchema,
  });
}

/** DELETE reports/{id}/attachments/{fileId}/, upload/ or signature/: answers the report without it. */
export function removeReportFile(report: Report, what: { attachment: string } | 'upload' | 'signature') {
  const tail = typeof what === 'string' ? `${what}/` : `attachments/${encodeURIComponent(what.attachment)}/`;
  return apiClient(`/api/reports/${encodeURIComponent(report.id)}/${tail}`, {
    method: 'DELETE',
    schema: ReportSchema,
  });
}

/** POST reports/{id}/signature/ without a body: signs with the author's profile signature. */
export function signWithProfileSignature(report: Report): Promise<Report> {
  return apiClient(`/api/reports/${encodeURIComponent(report.id)}/signature/`, {
    method: 'POST',
    schema: ReportSchema,
  });
}

/** A report's file, its signature or its PDF as a blob (they sit behind the bearer token). */
export function getReportBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  return apiClient<Blob>(path, { responseType: 'blob', signal });
}

export const reportPdfPath = (report: Pick<Report, 'id' | 'referral'>) =>
  reportLetterPath(report.referral.id, report.id);
