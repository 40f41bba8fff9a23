import { SimpleGrid, Table, Text } from '@mantine/core';
import {
  medicationOrderCategories,
  type MedicationOrderDraft,
} from '@referrals/domain/referrals/medication-order';
import { SectionCard } from '@/ui/section-card';
import { formatCalendarDate } from '@referrals/domain/dates';
import { Labelled } from './labelled';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Labelled label={label}>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{value}</Text>
    </Labelled>
  );
}

/**
 * The digital medication order (spec section 4), for a receiver that takes them: what the service is asked
 * to give, as the sender entered it on the wizard's medication-order page.
 */
export function MedicationOrderSection({ order }: { order: MedicationOrderDraft }) {
  return (
    <SectionCard title="Medication order">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Fact
          label="Category of care"
          value={order.category === null ? 'Not given' : medicationOrderCategories.display(order.category)}
        />
        <Fact
          label="Start date"
          value={order.start_date ? formatCalendarDate(order.start_date) : 'Not given'}
        />
        <Fact label="Duration" value={order.duration ?? 'Not given'} />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs" aria-label="Medications">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Medicine</Table.Th>
              <Table.Th>Dose</Table.Th>
              <Table.Th>Route</Table.Th>
              <Table.Th>Frequency</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.medications.map((medication, index) => (
              // Rows have no id of their own; the order is fixed once the referral is read.
              <Table.Tr key={index}>
                <Table.Td>{medication.name}</Table.Td>
                <Table.Td>{medication.dose}</Table.Td>
                <Table.Td>{medication.route}</Table.Td>
                <Table.Td>{medication.frequency}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {order.notes !== null && <Fact label="Notes for the service" value={order.notes} />}
    </SectionCard>
  );
}
