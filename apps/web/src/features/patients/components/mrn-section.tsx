import { Grid } from '@mantine/core';
import { FormSection } from './form-section';
import { MrnPanel } from './mrn-panel';
import { TextField } from '@/ui/form-fields';
import { useSectionToggle } from './use-section-toggle';

/**
 * The medical record number at the current establishment: typed with a new patient and saved with it, or,
 * for a saved patient, the MRN panel that adds and edits entries on their own.
 */
export function MrnSection({ patientId }: { patientId: string | undefined }) {
  const toggle = useSectionToggle('mrn_enabled', 'MRN');
  return (
    <FormSection
      title="MRN"
      description="The patient's medical record number at your establishment."
      toggle={toggle}
    >
      {patientId === undefined ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextField name="mrn" label="MRN" />
          </Grid.Col>
        </Grid>
      ) : (
        <MrnPanel patientId={patientId} />
      )}
    </FormSection>
  );
}
