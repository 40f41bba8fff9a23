import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { PageQuerySchema } from '@referrals/domain/api';
import { pageWindow, toPage } from './paging.ts';

const request = (url: string) => ({ url }) as FastifyRequest;

describe('paging', () => {
  it('defaults to the first page of 10 and caps the page size at 100', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, page_size: 10 });
    expect(PageQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(pageWindow({ page: 3, page_size: 10 })).toEqual({ limit: 10, offset: 20 });
  });

  it('links the next and previous pages, keeping the other filters', () => {
    const page = toPage(
      request('/api/referrals/?status=SBMT&page=2'),
      { page: 2, page_size: 10 },
      25,
      ['a'],
      'https://r.example',
    );
    expect(page).toEqual({
      count: 25,
      next: 'https://r.example/api/referrals/?status=SBMT&page=3',
      previous: 'https://r.example/api/referrals/?status=SBMT',
      results: ['a'],
    });
  });

  it('has no next link on the last page and no previous link on the first', () => {
    const only = toPage(request('/api/referrals/'), { page: 1, page_size: 10 }, 7, [], 'https://r.example');
    expect(only.next).toBeNull();
    expect(only.previous).toBeNull();
  });
});
