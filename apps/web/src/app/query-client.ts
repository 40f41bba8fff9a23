import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';
import { isMaintenanceAnswer } from '@/lib/maintenance-notice';

/**
 * One query client for the app. A 4xx answer will not change on retry (missing, forbidden, invalid),
 * so only network failures and 5xx are retried, and only twice; not the 503 of a maintenance, which lasts
 * minutes and has its own page (lib/maintenance-notice.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(error instanceof ApiError && !error.isServerError) &&
          !isMaintenanceAnswer(error),
      },
    },
  });
}
