import {
  Checkbox,
  Select,
  Textarea,
  TextInput,
  type CheckboxProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import { Controller, get, useFormContext, type FieldValues } from 'react-hook-form';

/** The message react-hook-form holds for a (possibly nested) field. */
export function useFieldError(): (name: string) => string | undefined {
  const {
    formState: { errors },
  } = useFormContext<FieldValues>();
  return (name) => {
    const found: unknown = get(errors, name);
    return typeof found === 'object' &&
      found !== null &&
      'message' in found &&
      typeof found.message === 'string'
      ? found.message
      : undefined;
  };
}

/** A text input registered under `name`, with its message (the form's own or the server's). */
export function TextField({ name, ...props }: { name: string } & Omit<TextInputProps, 'name' | 'error'>) {
  const { register } = useFormContext<FieldValues>();
  const error = useFieldError();
  return <TextInput autoComplete="off" {...props} {...register(name)} error={error(name)} />;
}

/** A multi-line text input registered under `name`, with its message; the user can make it taller. */
export function TextareaField({ name, ...props }: { name: string } & Omit<TextareaProps, 'name' | 'error'>) {
  const { register } = useFormContext<FieldValues>();
  const error = useFieldError();
  return <Textarea rows={5} resize="vertical" {...props} {...register(name)} error={error(name)} />;
}

/** A checkbox registered under `name`, holding a boolean. */
export function CheckboxField({ name, ...props }: { name: string } & Omit<CheckboxProps, 'name' | 'error'>) {
  const { register } = useFormContext<FieldValues>();
  const error = useFieldError();
  return <Checkbox {...props} {...register(name)} error={error(name)} />;
}

type SelectFieldProps = {
  name: string;
  label: string;
  data: readonly { value: string; label: string }[];
  placeholder?: string;
  clearable?: boolean;
  withAsterisk?: boolean;
};

/** A select of codes registered under `name`; an empty choice is null. */
export function SelectField({
  name,
  label,
  data,
  placeholder,
  clearable = false,
  withAsterisk,
}: SelectFieldProps) {
  const { control } = useFormContext<FieldValues>();
  const error = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          data={data}
          placeholder={placeholder}
          clearable={clearable}
          allowDeselect={clearable}
          withAsterisk={withAsterisk}
          // An empty code ('' from a cleared text value) is no choice: no clear button for it.
          value={(field.value as string | null | undefined) || null}
          onChange={(value) => field.onChange(value)}
          onBlur={field.onBlur}
          error={error(name)}
        />
      )}
    />
  );
}
