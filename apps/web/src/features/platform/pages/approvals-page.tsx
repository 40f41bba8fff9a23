import { Alert, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ApprovalAction } from '@referrals/domain/establishments/establishment-approval';
import type { WaitingEstablishment } from '@referrals/domain/establishments/establishment-schemas';
import { useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { ApprovalBadges } from '@/ui/approval-badges';
import { PagedList } from '@/ui/paged-list';
import { useWaitingEstablishments } from '../api/list-waiting-establishments';
import { useReviewEstablishment } from '../api/review-establishment';

const waitingSince = (instant: string) =>
  new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(instant),
  );

function address(place: WaitingEstablishment): string {
  return [place.address1, place.city, `${place.state} ${place.postcode ?? ''}`.trim()]
    .filter((part) => part !== null && part !== '')
    .join(', ');
}

/**
 * /approvals: the platform administrators' queue of new establishments, waiting for approval and then
 * for verification, oldest first, with the two decisions. Until approved an establishment is offered
 * neither as a receiver nor for joining (spec section 6 Rules).
 */
export function ApprovalsPage() {
  const [page, setPage] = useState(1);
  const list = useWaitingEstablishments(page);
  const review = useReviewEstablishment();
  const busy = review.isPending ? review.variables : undefined;

  const decide = (place: WaitingEstablishment, action: ApprovalAction) =>
    review.mutate(
      { id: place.id, action },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            title: action === 'approve' ? 'Establishment approved' : 'Establishment verified',
            message:
              action === 'approve'
                ? `${place.name} can now be found, joined and sent referrals.`
                : `${place.name} is verified.`,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Not changed',
            message:
              error instanceof ApiError && error.detail !== undefined ? error.detail : 'Please try again.',
          }),
      },
    );

  if (list.error instanceof ApiError && list.error.status === 403) {
    return (
      <Alert color="gray" variant="light" maw={640}>
        Only platform administrators approve establishments.
      </Alert>
    );
  }

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Establishment approvals
        </Title>
        <Text c="gray.7">
          New establishments wait here for approval, then for verification. Until approved, nobody else can
          find them, join them or send them referrals.
        </Text>
      </Stack>
      <PagedList
        list={list}
        what="the establishments waiting"
        countLabel={(count) => `${count} waiting`}
        page={page}
        onPage={setPage}
        empty={<Text c="gray.7">No establishment is waiting for approval or verification.</Text>}
      >
        {(results) => (
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Establishment</Table.Th>
                  <Table.Th>Created by</Table.Th>
                  <Table.Th>Waiting since</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Decisions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.map((place) => (
                  <Table.Tr key={place.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {place.name}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {place.type.display}
                        {place.hospital ? ` of ${place.hospital.name}` : ''}
                        {address(place) !== '' ? ` · ${address(place)}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {place.created_by ? (
                        <>
                          <Text size="sm">{place.created_by.name}</Text>
                          <Text size="xs" c="gray.7">
                            {place.created_by.email}
                          </Text>
                        </>
                      ) : (
                        <Text size="sm" c="gray.7">
                          Imported
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{waitingSince(place.created_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <ApprovalBadges isApproved={place.is_approved} isVerified={place.is_verified} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {place.is_approved ? (
                          <Button
                            size="xs"
                            variant="light"
                            aria-label={`Verify ${place.name}`}
                            loading={busy?.id === place.id}
                            onClick={() => decide(place, 'verify')}
                          >
                            Verify
                          </Button>
                        ) : (
                          <Button
                            size="xs"
                            aria-label={`Approve ${place.name}`}
                            loading={busy?.id === place.id}
                            onClick={() => decide(place, 'approve')}
                          >
                            Approve
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </PagedList>
    </Stack>
  );
}
