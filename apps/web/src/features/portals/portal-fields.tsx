import { Radio, Stack } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useFieldError } from '@/ui/form-fields';
import type { PortalFormValues } from './portal-form-values';

type Path = Parameters<ReturnType<typeof useFormContext<PortalFormValues>>['register']>[0];

/** A choice of a few options as radio buttons, registered under `name`, with its message. */
export function RadioField({
  name,
  label,
  options,
  required,
}: {
  name: Path;
  label: string;
  options: readonly { value: string; label: string }[];
  required: boolean;
}) {
  const { control } = useFormContext<PortalFormValues>();
  const error = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Radio.Group
          label={label}
          withAsterisk={required}
          value={typeof field.value === 'string' ? field.value : null}
          onChange={field.onChange}
          error={error(name)}
        >
          <Stack gap="xs" mt={6}>
            {options.map((option, index) => (
              <Radio
                key={option.value}
                value={option.value}
                label={option.label}
                onBlur={field.onBlur}
                // Required radios make their group required for assistive technology (the form does not
                // validate natively: noValidate).
                required={required}
                aria-invalid={error(name) !== undefined || undefined}
                // The first radio takes the focus when the group's message is the first to fix.
                ref={index === 0 ? field.ref : undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    />
  );
}
