import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';

/**
 * A section toggle bound to a boolean of the form (spec section 3: all off by default). `onFirstOpen` runs
 * when the section is switched on, e.g. to give an empty list its first blank entry.
 */
export function useSectionToggle(name: string, label: string, onFirstOpen?: () => void) {
  const { control, setValue } = useFormContext<FieldValues>();
  const checked = useWatch({ control, name }) === true;
  return {
    checked,
    label,
    onChange: (next: boolean) => {
      setValue(name, next, { shouldDirty: true });
      if (next) onFirstOpen?.();
    },
  };
}
