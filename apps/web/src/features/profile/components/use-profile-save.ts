import type { FieldErrors } from '@referrals/domain/api';
import type { Profile, ProfileUpdate } from '@referrals/domain/profile/profile-schemas';
import { useCallback, useEffect, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-error';
import { splitFieldErrors } from '@/lib/form-errors';
import { useSaveProfile } from '../api/save-profile';

/** Puts a 400 body's messages on the form's fields and answers the messages that belong to none. */
export function showFieldErrors<T extends FieldValues>(
  errors: FieldErrors,
  fields: readonly string[],
  setError: UseFormSetError<T>,
): string[] {
  const { onFields, others } = splitFieldErrors(errors, fields);
  for (const [path, message] of Object.entries(onFields)) {
    setError(path as Path<T>, { type: 'server', message }, { shouldFocus: false });
  }
  return others;
}

/** The message for a save that failed other than with field errors. */
export function saveFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 409)
      return 'Your profile was changed elsewhere and has been reloaded. Check it and save again.';
    if (error.isServerError) return 'The details could not be saved. Please try again.';
    if (error.detail !== undefined) return error.detail;
  }
  return 'The details could not be saved. Check your connection and try again.';
}

/**
 * A profile form's save: the dry run then the save (spec section 5 Profile save), with the server's field
 * errors put on the form's own fields and anything else shown as the form's error. `initialErrors` are
 * errors from elsewhere (the register call) to show when the form opens.
 */
export function useProfileFormSave<T extends FieldValues>(
  profile: Profile,
  fields: readonly string[],
  setError: UseFormSetError<T>,
  initialErrors?: FieldErrors,
) {
  const save = useSaveProfile();
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (initialErrors === undefined) return;
    showFieldErrors(initialErrors, fields, setError);
  }, [initialErrors, fields, setError]);

  const submit = useCallback(
    async (update: ProfileUpdate): Promise<Profile | null> => {
      setFormError(null);
      try {
        return await save.mutateAsync({
          update: { ...update, version: profile.version },
          pageFields: fields,
        });
      } catch (error) {
        const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
        const others =
          fieldErrors === undefined
            ? [saveFailureMessage(error)]
            : showFieldErrors(fieldErrors, fields, setError);
        setFormError(others.length > 0 ? others.join(' ') : null);
        return null;
      }
    },
    [save, profile.version, fields, setError],
  );

  return { submit, formError, saving: save.isPending };
}
