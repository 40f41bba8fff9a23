import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  CLINICAL_SUMMARY_SECTIONS,
  type ClinicalRecordRead,
} from '@referrals/domain/clinical-record/clinical-record-schemas';
import { formatDateTime } from '@referrals/domain/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { TextField } from '@/ui/form-fields';
import { blankSummaryItem, type DraftValues } from './draft-values';

type Section = (typeof CLINICAL_SUMMARY_SECTIONS)[number];

function SummaryList({ section }: { section: Section }) {
  const { control } = useFormContext<DraftValues>();
  const items = useFieldArray({ control, name: `clinical_summary.${section.key}` });
  const headingId = `clinical-summary-${section.key}`;
  return (
    <Stack gap="xs" role="group" aria-labelledby={headingId}>
      <Title order={4} fz="h6" id={headingId}>
        {section.title}
      </Title>
      {items.fields.length === 0 && (
        <Text size="sm" c="gray.7">
          None recorded.
        </Text>
      )}
      {items.fields.map((field, index) => (
        <Group key={field.id} gap="xs" align="flex-start" wrap="nowrap">
          <TextField
            name={`clinical_summary.${section.key}.${index}.text`}
            aria-label={`${capitalised(section.item)} ${index + 1}`}
            maxLength={300}
            style={{ flex: 3 }}
          />
          <TextField
            name={`clinical_summary.${section.key}.${index}.detail`}
            aria-label={`Detail of ${section.item} ${index + 1}`}
            placeholder="Detail"
            maxLength={300}
            style={{ flex: 2 }}
          />
          <Text
            size="sm"
            c="gray.7"
            w={96}
            pt={8}
            aria-label={field.date ? `Recorded ${field.date}` : undefined}
          >
            {field.date ?? ''}
          </Text>
          <Tooltip label={`Remove this ${section.item}`}>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={4}
              aria-label={`Remove ${section.item} ${index + 1}`}
              onClick={() => items.remove(index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconPlus size={14} />}
        onClick={() => items.append(blankSummaryItem())}
        style={{ alignSelf: 'flex-start' }}
      >
        Add {withArticle(section.item)}
      </Button>
    </Stack>
  );
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

/**
 * The clinical summary a launch read from the sender's record (docs/clinical-record.md): every line can be
 * changed, removed or added before the referral goes, and it goes with the letter as the sender leaves it.
 */
export function ClinicalSummaryFields({ read }: { read: ClinicalRecordRead | null }) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3} fz="h5">
          Clinical summary
        </Title>
        <Text size="sm" c="gray.7">
          {read === null
            ? 'From your clinical record.'
            : `Read from your clinical record on ${formatDateTime(read.read_at)}.`}{' '}
          Check it before you send: the receiver reads it with your letter, as you leave it here.
        </Text>
      </Stack>
      {CLINICAL_SUMMARY_SECTIONS.map((section) => (
        <SummaryList key={section.key} section={section} />
      ))}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={420}>
        <TextField
          name="clinical_summary.measurements.weight_kg"
          label="Weight (kg)"
          inputMode="decimal"
          description="Fills the receiver’s BMI fields"
        />
        <TextField
          name="clinical_summary.measurements.height_cm"
          label="Height (cm)"
          inputMode="decimal"
          description="Fills the receiver’s BMI fields"
        />
      </SimpleGrid>
    </Stack>
  );
}
