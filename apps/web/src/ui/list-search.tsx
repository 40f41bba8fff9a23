import { Loader, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** How long typing must pause before a list searches; fast enough to feel live, slow enough to spare the API. */
const SEARCH_PAUSE_MS = 300;

/**
 * The state of a paged, searchable list: what is typed, what is searched (trimmed, after a pause), and the
 * page, which goes back to the first whenever the search changes. `initialKeyword`: a remembered search,
 * searched at once.
 */
export function useListSearch(initialKeyword = '') {
  const [keyword, setKeywordState] = useState(initialKeyword);
  const [searched] = useDebouncedValue(keyword.trim(), SEARCH_PAUSE_MS);
  const [page, setPage] = useState(1);
  const setKeyword = (value: string) => {
    setKeywordState(value);
    setPage(1);
  };
  return { keyword, setKeyword, searched, page, setPage };
}

/**
 * What a searchable select that asks the server sends: the text typed in its box (`typed`, trimmed), and
 * that text after a pause (`searched`). The chosen option's own name, which the select shows in the box, is
 * not a search. `waiting`: the text typed has not been searched yet.
 */
export function useSelectSearch(search: string, chosenLabel: string | null) {
  const typed = chosenLabel !== null && search === chosenLabel ? '' : search.trim();
  const [searched] = useDebouncedValue(typed, SEARCH_PAUSE_MS);
  return { typed, searched, waiting: typed !== searched };
}

/** The search box of a list, with a spinner while the list is being fetched. */
export function ListSearchInput({
  value,
  onSearch,
  busy,
  ...props
}: { value: string; onSearch: (value: string) => void; busy: boolean } & Omit<
  TextInputProps,
  'value' | 'onChange' | 'leftSection' | 'rightSection'
>) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      rightSection={busy ? <Loader size="xs" /> : undefined}
      value={value}
      onChange={(event) => onSearch(event.currentTarget.value)}
      {...props}
    />
  );
}
