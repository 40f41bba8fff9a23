import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Establishment } from '@referrals/domain/establishments/establishment-schemas';
import {
  TOO_MANY_EMPLOYMENTS_MESSAGE,
  isActiveStatus,
  nextFreePriority,
} from '@referrals/domain/people/employment-rules';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { flattenFieldErrors } from '@/lib/form-errors';
import { useJoinEstablishment } from '../api/join-establishment';
import { useJoinableEstablishments } from '../api/search-joinable-establishments';
import { EmploymentStatusBadge } from '@/ui/employment-status-badge';

type Joinable = { id: string; name: string };
type JoinFailure = { id: string; messages: string[] };

/** The messages of a refused join: the server's field errors, else its detail, else a generic line. */
function joinFailureMessages(error: unknown): string[] {
  if (error instanceof ApiError) {
    if (error.fieldErrors !== undefined) return Object.values(flattenFieldErrors(error.fieldErrors));
    if (error.detail !== undefined) return [error.detail];
  }
  return ['Your request could not be sent. Please try again.'];
}

function placeLine(place: Pick<Establishment, 'type' | 'address1' | 'city' | 'state' | 'hospital'>): string {
  // A department is known by its hospital: "Cardiology, Department of Royal Eastern Hospital".
  const kind = place.hospital === null ? place.type.display : `Department of ${place.hospital.name}`;
  return [kind, [place.address1, place.city].filter(Boolean).join(', '), place.state]
    .filter((part) => part !== '')
    .join(' · ');
}

type JoinRowProps = {
  place: Joinable;
  description: string;
  profile: Profile;
  failure: JoinFailure | null;
  pendingId: string | null;
  onJoin: (place: Joinable) => void;
  indent?: boolean;
};

function JoinRow({ place, description, profile, failure, pendingId, onJoin, indent = false }: JoinRowProps) {
  const open = profile.employments.find((e) => e.establishment.id === place.id && isActiveStatus(e.status));
  return (
    <Stack gap={6} pl={indent ? 'lg' : 0}>
      <Group justify="space-between" wrap="nowrap" gap="md">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {place.name}
          </Text>
          <Text size="xs" c="gray.7">
            {description}
          </Text>
        </div>
        {open !== undefined ? (
          <EmploymentStatusBadge status={open.status} />
        ) : (
          <Button
            size="xs"
            variant="light"
            loading={pendingId === place.id}
            onClick={() => onJoin(place)}
            aria-label={`Ask to join ${place.name}`}
            style={{ flexShrink: 0 }}
          >
            Ask to join
          </Button>
        )}
      </Group>
      {failure?.id === place.id && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" py="xs">
          {failure.messages.join(' ')}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * Join an establishment (spec sections 4 Employment and 7): search the approved establishments that
 * accept join requests, a hospital with its joinable departments, and ask to join; the request waits as
 * Requested for the account holder. The dry run goes first, and the server's reasons are shown on the row.
 */
export function JoinEstablishment({ profile }: { profile: Profile }) {
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword, 300);
  const search = useJoinableEstablishments(debounced);
  const join = useJoinEstablishment();
  const [failure, setFailure] = useState<JoinFailure | null>(null);
  const searching = debounced.trim().length >= 2;

  if (nextFreePriority(profile.employments) === null) {
    return (
      <Alert color="blue" variant="light">
        {TOO_MANY_EMPLOYMENTS_MESSAGE}
      </Alert>
    );
  }

  const ask = (place: Joinable) => {
    setFailure(null);
    join.mutate(place.id, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Request sent',
          message: `${place.name} will show as Requested until its account holder answers.`,
        }),
      onError: (error) => setFailure({ id: place.id, messages: joinFailureMessages(error) }),
    });
  };
  const pendingId = join.isPending ? join.variables : null;
  const results = searching ? (search.data?.results ?? []) : [];

  return (
    <Stack gap="md">
      <TextInput
        label="Search establishments"
        description="Practices, clinics, hospitals and departments that accept requests to join."
        placeholder="Type at least two letters of the name"
        leftSection={<IconSearch size={16} />}
        rightSection={search.isFetching ? <Loader size="xs" /> : undefined}
        value={keyword}
        onChange={(event) => setKeyword(event.currentTarget.value)}
      />
      {searching && search.isError && (
        <Alert color="red" variant="light" role="alert">
          The establishments could not be loaded. Please try again.
        </Alert>
      )}
      {searching && search.isSuccess && results.length === 0 && (
        <Text size="sm" c="gray.7">
          No establishment accepting requests to join matches “{debounced.trim()}”.
        </Text>
      )}
      {results.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            {results.map((place) => {
              const departments = place.departments.filter((d) => d.is_verified && d.accepts_join_requests);
              return (
                <Stack key={place.id} gap="sm">
                  {place.accepts_join_requests || departments.length === 0 ? (
                    <JoinRow
                      place={place}
                      description={placeLine(place)}
                      profile={profile}
                      failure={failure}
                      pendingId={pendingId}
                      onJoin={ask}
                    />
                  ) : (
                    <div>
                      <Text size="sm" fw={600}>
                        {place.name}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {placeLine(place)}
                      </Text>
                    </div>
                  )}
                  {departments.length > 0 && (
                    <Stack gap="xs" role="group" aria-label={`Departments of ${place.name}`}>
                      <Group gap={6} pl="lg">
                        <Badge size="xs" variant="light" color="gray">
                          Departments
                        </Badge>
                      </Group>
                      {departments.map((department) => (
                        <JoinRow
                          key={department.id}
                          place={department}
                          description={department.description ?? `Department of ${place.name}`}
                          profile={profile}
                          failure={failure}
                          pendingId={pendingId}
                          onJoin={ask}
                          indent
                        />
                      ))}
                    </Stack>
                  )}
                </Stack>
              );
            })}
            {(search.data?.count ?? 0) > results.length && (
              <Text size="xs" c="gray.7">
                Showing {results.length} of {search.data?.count}. Type more of the name to narrow the list.
              </Text>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
