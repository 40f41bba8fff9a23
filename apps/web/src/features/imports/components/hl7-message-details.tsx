import { Paper, SimpleGrid, Stack, Text, Title as Heading } from '@mantine/core';
import { formatCalendarDate, formatDateTime } from '@referrals/domain/dates';
import type { ImportMessageDetails } from '@referrals/domain/imports/import-schemas';
import { sexCodes } from '@referrals/domain/patients/patient-codes';
import { titles, type Title } from '@referrals/domain/people/people-codes';

/** HL7 table 0280's priorities, as RF1-2 gives them. */
const PRIORITIES: Record<string, string> = { S: 'Urgent (STAT)', A: 'As soon as possible', R: 'Routine' };

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');
const titleOf = (title: Title | null) => (title === null ? null : titles.display(title));

type Line = [label: string, value: string | null];
/** The lines the message filled in: an element it left empty is not shown. */
const present = (lines: Line[]) => lines.filter((line): line is [string, string] => Boolean(line[1]));

function Facts({ title, lines }: { title: string; lines: [label: string, value: string][] }) {
  return (
    <Stack gap={6}>
      <Heading order={3} fz="h5">
        {title}
      </Heading>
      <Stack gap={4} component="dl" m={0}>
        {lines.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" fw={700} c="gray.7">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {value}
            </Text>
          </div>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * What an HL7 v2 referral message said (docs/interop.md, Receiving): the patient with their identifiers,
 * the referrer with their provider number, and the referral's reason and reference, as the message gave
 * them and before anyone checked them.
 */
export function Hl7MessageDetails({ details }: { details: ImportMessageDetails }) {
  const { patient, referrer, referral } = details;
  const medicare = patient.medicare_number
    ? joined(patient.medicare_number, patient.medicare_ref_num ? `(IRN ${patient.medicare_ref_num})` : null)
    : null;
  const patientLines = present([
    ['Name', joined(titleOf(patient.title), patient.first_name, patient.last_name)],
    ['Date of birth', formatCalendarDate(patient.dob)],
    ['Sex', patient.sex === null ? null : sexCodes.display(patient.sex)],
    ['IHI', patient.ihi],
    ['Medicare', medicare],
    ['DVA', patient.dva_number],
    ...patient.mrns.map((mrn): Line => [mrn.facility ? `MRN at ${mrn.facility}` : 'MRN', mrn.number]),
    ['Phone', patient.phone],
    ['Email', patient.email],
    ['Address', joined(patient.address1, patient.address2, patient.city, patient.state, patient.postcode)],
  ]);
  const referrerLines = present([
    ['Name', joined(titleOf(referrer.title), referrer.first_name, referrer.last_name)],
    ['Provider number', referrer.provider_number],
    ['Practice', referrer.practice_name],
    ['Phone', referrer.phone],
  ]);
  const referralLines = present([
    ['Reason', referral.reason],
    ['Priority', referral.priority === null ? null : (PRIORITIES[referral.priority] ?? referral.priority)],
    ['Sender’s reference', referral.sender_reference],
    ['Sent', referral.sent_at === null ? null : formatDateTime(referral.sent_at)],
  ]);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="hl7-details-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Heading order={2} fz="h4" id="hl7-details-title">
            From the HL7 message
          </Heading>
          <Text size="sm" c="gray.7">
            As the sender’s system wrote it; converting fills the referral in from it.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Facts title="Patient" lines={patientLines} />
          <Facts title="Referrer" lines={referrerLines} />
          <Facts title="Referral" lines={referralLines} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
