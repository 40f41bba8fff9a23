import { Alert, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PAGE_SIZE } from '@referrals/domain/constants';
import type { Page } from '@referrals/domain/api';

type PagedListProps<T> = {
  /** The list's page, as its query hook returns it. */
  list: UseQueryResult<Page<T>>;
  /** What the list holds, for the loading and error texts: "the patients". */
  what: string;
  /** The total under the list: "12 patients". */
  countLabel: (count: number) => string;
  page: number;
  onPage: (page: number) => void;
  /** The search box and filters above the list. */
  toolbar?: ReactNode;
  /** Shown instead of the results when there are none (for the search, or at all). */
  empty: ReactNode;
  children: (results: T[]) => ReactNode;
};

/**
 * A paged list of 10 (api-conventions.md, Lists): its toolbar, then while loading a spinner, on failure a
 * message, then the results or the empty state, and the total with the pages under them.
 */
export function PagedList<T>({
  list,
  what,
  countLabel,
  page,
  onPage,
  toolbar,
  empty,
  children,
}: PagedListProps<T>) {
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  return (
    <Stack gap="md">
      {toolbar}
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          {`${what.charAt(0).toUpperCase()}${what.slice(1)}`} could not be loaded. Please try again.
        </Alert>
      )}
      {list.isPending && <Loader aria-label={`Loading ${what}`} />}
      {list.data !== undefined && (list.data.results.length === 0 ? empty : children(list.data.results))}
      {count > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="gray.7">
            {countLabel(count)}
          </Text>
          {pages > 1 && <Pagination total={pages} value={page} onChange={onPage} size="sm" />}
        </Group>
      )}
    </Stack>
  );
}
