import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';

/**
 * One query client for the app. A 4xx answer will not change on retry (missing, forbidden, invalid),
 * so only network failures and 5xx are retried, and only twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && !error.isServerError),
      },
    },
  });
}
