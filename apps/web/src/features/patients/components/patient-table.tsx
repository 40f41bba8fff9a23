import { Anchor, Paper, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { patientDob, patientName, type PatientRow } from '../patient-display';

const blank = (
  <Text span size="sm" c="gray.7">
    —
  </Text>
);

/** A page of patients: name, date of birth, Medicare number and MRN (spec section 2 /patients/). */
export function PatientTable({ patients }: { patients: readonly PatientRow[] }) {
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover miw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Date of birth</Table.Th>
            <Table.Th>Medicare</Table.Th>
            <Table.Th>MRN</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {patients.map((patient) => (
            <Table.Tr key={patient.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.patients.detail.getHref(patient.id)} fw={600} size="sm">
                  {patientName(patient)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{patientDob(patient)}</Text>
              </Table.Td>
              <Table.Td>
                {patient.pub_insurance_details == null || patient.pub_insurance_details === '' ? (
                  blank
                ) : (
                  <Text size="sm" ff="monospace">
                    {patient.pub_insurance_details}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {patient.mrn == null || patient.mrn === '' ? (
                  blank
                ) : (
                  <Text size="sm" ff="monospace">
                    {patient.mrn}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
