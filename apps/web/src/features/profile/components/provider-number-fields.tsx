import { Badge, Button, Grid, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { DEFAULT_PROVIDER_NUM_TYPES } from '@referrals/domain/profile/profile-schemas';

/**
 * The list without `number`, and the default choice after removing it: a removed default moves to the
 * next remaining number (the one after it in the list, else the one before), or 'Please select' when no
 * number is left; any other choice stays (spec section 5 Profile save: the first number is the default).
 */
export function withoutProviderNumber(
  numbers: readonly string[],
  number: string,
  choice: string,
): { list: string[]; choice: string } {
  const index = numbers.indexOf(number);
  const list = numbers.filter((n) => n !== number);
  if (choice !== number) return { list, choice };
  return { list, choice: list[Math.min(Math.max(index, 0), list.length - 1)] ?? 'EMPTY' };
}

type ProviderNumberFieldsProps = {
  numbers: readonly string[];
  /** Numbers removed in this form and not saved yet. */
  removed?: readonly string[];
  /** 'EMPTY', 'NOT_APPLICABLE' or one of the numbers. */
  choice: string;
  onChoiceChange: (choice: string) => void;
  onRemove?: (number: string) => void;
  choiceError?: string;
  newNumberInput: UseFormRegisterReturn;
  newNumberError?: string;
};

/**
 * The provider number list (spec section 5 Profile save): the user's numbers, each of which can be removed,
 * the choice 'Please select' (no default), 'Not applicable', or one of the numbers as the default; a number
 * added here goes first and becomes the default. Changes are saved with the form.
 */
export function ProviderNumberFields({
  numbers,
  removed = [],
  choice,
  onChoiceChange,
  onRemove,
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
    <Stack gap="md">
      {(numbers.length > 0 || removed.length > 0) && (
        <Stack gap={6}>
          <Text size="sm" fw={500} id="provider-numbers-label">
            Your provider numbers
          </Text>
          <Stack gap={6} role="list" aria-labelledby="provider-numbers-label">
            {numbers.map((number) => (
              <Paper key={number} withBorder radius="sm" px="sm" py={6} role="listitem">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs">
                    <Text ff="monospace">{number}</Text>
                    {choice === number && (
                      <Badge size="sm" variant="light">
                        Default
                      </Badge>
                    )}
                  </Group>
                  {onRemove !== undefined && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => onRemove(number)}
                      aria-label={`Remove provider number ${number}`}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
          {removed.length > 0 && (
            <Text size="xs" c="orange.8" role="status">
              {removed.join(', ')} {removed.length === 1 ? 'is' : 'are'} removed when you save.
            </Text>
          )}
        </Stack>
      )}
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
    </Stack>
  );
}
