import { placeName } from '@referrals/domain/establishments/place-name';
import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PAGE_SIZE } from '@referrals/domain/constants';
import type { EstablishmentSummary } from '@referrals/domain/establishments/establishment-schemas';
import { IconBuildingHospital, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useEstablishments } from '../api/list-establishments';

/** The part of an establishment the picker shows; an employment's establishment fits too. */
export type ChosenPractice = Pick<EstablishmentSummary, 'id' | 'name' | 'type' | 'state'> &
  Partial<Pick<EstablishmentSummary, 'address1' | 'city' | 'postcode'>>;

function addressOf(practice: ChosenPractice): string {
  return [practice.address1, practice.city, [practice.state, practice.postcode].filter(Boolean).join(' ')]
    .filter((part) => part != null && part !== '')
    .join(', ');
}

function ChosenSlot({
  label,
  practice,
  onClear,
  error,
  hint,
}: {
  label: string;
  practice: ChosenPractice | null;
  onClear: () => void;
  error?: string;
  hint: string;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Paper
        withBorder
        radius="md"
        p="sm"
        style={error !== undefined ? { borderColor: 'var(--mantine-color-error)' } : undefined}
        bg={practice === null ? 'gray.0' : undefined}
      >
        {practice === null ? (
          <Text size="sm" c="gray.7">
            {hint}
          </Text>
        ) : (
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text fw={600} size="sm">
                {practice.name}
              </Text>
              <Text size="xs" c="gray.7">
                {practice.type.display}
                {addressOf(practice) !== '' && ` · ${addressOf(practice)}`}
              </Text>
            </Stack>
            <CloseButton aria-label={`Remove ${label.toLowerCase()}`} onClick={onClear} />
          </Group>
        )}
      </Paper>
      {error !== undefined && (
        <Text size="sm" c="red.7" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

type PracticePickerProps = {
  primary: ChosenPractice | null;
  secondary: ChosenPractice | null;
  onChange: (choice: { primary: ChosenPractice | null; secondary: ChosenPractice | null }) => void;
  /** The `practices` error: 'Not selected' or the server's message. */
  error?: string;
};

/**
 * Registration page 2 (spec section 2): search the approved establishments and choose a primary practice
 * and, optionally, a secondary one.
 */
export function PracticePicker({ primary, secondary, onChange, error }: PracticePickerProps) {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedKeyword] = useDebouncedValue(keyword, 300);
  const { data, isPending, isError, isFetching } = useEstablishments({ keyword: debouncedKeyword, page });
  const chosenIds = [primary?.id, secondary?.id];

  return (
    <Stack gap="lg">
      <Group grow align="flex-start">
        <ChosenSlot
          label="Primary practice"
          practice={primary}
          error={error}
          hint="Choose from the search results below."
          onClear={() => onChange({ primary: secondary, secondary: null })}
        />
        <ChosenSlot
          label="Secondary practice (optional)"
          practice={secondary}
          hint="If you also work somewhere else."
          onClear={() => onChange({ primary, secondary: null })}
        />
      </Group>

      <Stack gap="sm">
        <TextInput
          label="Search practices and establishments"
          placeholder="Name, suburb or postcode"
          leftSection={<IconSearch size={16} />}
          rightSection={isFetching ? <Loader size="xs" /> : null}
          value={keyword}
          onChange={(event) => {
            setKeyword(event.currentTarget.value);
            setPage(1);
          }}
        />
        {isError && (
          <Alert color="red" variant="light">
            The establishments could not be loaded. Try again in a moment.
          </Alert>
        )}
        {isPending && <Loader size="sm" aria-label="Loading establishments" />}
        {data !== undefined && data.results.length === 0 && (
          <Text size="sm" c="gray.7">
            No establishments match “{debouncedKeyword}”. Check the spelling, or search by suburb.
          </Text>
        )}
        {data !== undefined && data.results.length > 0 && (
          <Stack gap="xs" aria-label="Search results" role="list">
            {data.results.map((establishment) => {
              const chosen = chosenIds.includes(establishment.id);
              return (
                <Paper key={establishment.id} withBorder radius="md" p="sm" role="listitem">
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="sm" wrap="nowrap">
                      <IconBuildingHospital size={20} stroke={1.6} color="var(--mantine-color-gray-6)" />
                      <Stack gap={0}>
                        <Text fw={600} size="sm">
                          {placeName(establishment)}
                        </Text>
                        <Text size="xs" c="gray.7">
                          {establishment.type.display}
                          {addressOf(establishment) !== '' && ` · ${addressOf(establishment)}`}
                        </Text>
                      </Stack>
                    </Group>
                    {chosen ? (
                      <Badge variant="light">
                        {primary?.id === establishment.id ? 'Primary' : 'Secondary'}
                      </Badge>
                    ) : (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          aria-label={`Choose ${establishment.name} as primary practice`}
                          onClick={() =>
                            onChange({
                              primary: establishment,
                              secondary: primary === null ? secondary : primary,
                            })
                          }
                        >
                          Primary
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          disabled={primary === null}
                          aria-label={`Choose ${establishment.name} as secondary practice`}
                          onClick={() => onChange({ primary, secondary: establishment })}
                        >
                          Secondary
                        </Button>
                      </Group>
                    )}
                  </Group>
                </Paper>
              );
            })}
            {data.count > PAGE_SIZE && (
              <Group justify="space-between">
                <Text size="xs" c="gray.7">
                  {data.count} establishments
                </Text>
                <Pagination
                  size="sm"
                  total={Math.ceil(data.count / PAGE_SIZE)}
                  value={page}
                  onChange={setPage}
                />
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
