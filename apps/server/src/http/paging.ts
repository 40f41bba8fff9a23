import type { FastifyRequest } from 'fastify';
import type { Page, PageQuery } from '@referrals/domain/api';

/** SQL limit and offset for a 1-based page. */
export function pageWindow(query: PageQuery): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

/**
 * Wraps one page of results in `{count, next, previous, results}` with absolute links that keep the
 * caller's other query parameters (api-conventions.md, Lists).
 */
export function toPage<T>(
  request: FastifyRequest,
  query: PageQuery,
  count: number,
  results: T[],
  publicUrl: string,
): Page<T> {
  const link = (page: number) => {
    const url = new URL(request.url, publicUrl);
    if (page === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(page));
    return url.toString();
  };
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  return {
    count,
    next: query.page < lastPage ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(Math.min(query.page - 1, lastPage)) : null,
    results,
  };
}
