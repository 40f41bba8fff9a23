import { Grid, Select, TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { DEFAULT_PROVIDER_NUM_TYPES } from '@referrals/domain/profile/profile-schemas';

type ProviderNumberFieldsProps = {
  numbers: readonly string[];
  /** 'EMPTY', 'NOT_APPLICABLE' or one of the numbers. */
  choice: string;
  onChoiceChange: (choice: string) => void;
  choiceError?: string;
  newNumberInput: UseFormRegisterReturn;
  newNumberError?: string;
};

/**
 * The provider number list (spec section 5 Profile save): the choice 'Please select' (no default),
 * 'Not applicable', or one of the user's numbers as the default; a number added here goes first and
 * becomes the default.
 */
export function ProviderNumberFields({
  numbers,
  choice,
  onChoiceChange,
  choiceError,
  newNumberInput,
  newNumberError,
}: ProviderNumberFieldsProps) {
  const data = [
    { value: 'EMPTY', label: DEFAULT_PROVIDER_NUM_TYPES.EMPTY },
    { value: 'NOT_APPLICABLE', label: DEFAULT_PROVIDER_NUM_TYPES.NOT_APPLICABLE },
    ...numbers.map((number) => ({ value: number, label: number })),
  ];
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label="Default provider number"
          description={
            numbers.length === 0
              ? 'Add a number first, or choose Not applicable.'
              : 'Used on referrals you send.'
          }
          data={data}
          value={choice}
          onChange={(value) => onChoiceChange(value ?? 'EMPTY')}
          allowDeselect={false}
          error={choiceError}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Add a provider number"
          description="Medicare provider number, e.g. 2426621B. It becomes your default."
          autoComplete="off"
          {...newNumberInput}
          error={newNumberError}
        />
      </Grid.Col>
    </Grid>
  );
}
