import { Alert, Stack } from '@mantine/core';
import type { FieldErrors } from '@referrals/domain/api';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { validatePracticeChoice } from '@referrals/domain/profile/profile-save-rules';
import { useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { flattenFieldErrors } from '@/lib/form-errors';
import { useChoosePractices } from '../api/choose-practices';
import { FormFooter } from '@/ui/form-footer';
import { PracticePicker, type ChosenPractice } from './practice-picker';
import { saveFailureMessage } from './use-profile-save';

function chosenAt(profile: Profile, priority: 1 | 2): ChosenPractice | null {
  return profile.employments.find((e) => e.priority === priority)?.establishment ?? null;
}

type PracticeStepProps = {
  profile: Profile;
  onSaved: (profile: Profile) => void;
  onBack: () => void;
  initialErrors?: FieldErrors;
};

/** Registration page 2: the practices, saved with PUT profile/practices/ (spec sections 2 and 7). */
export function PracticeStep({ profile, onSaved, onBack, initialErrors }: PracticeStepProps) {
  const [choice, setChoice] = useState(() => ({
    primary: chosenAt(profile, 1),
    secondary: chosenAt(profile, 2),
  }));
  const [error, setError] = useState<string | undefined>(() =>
    initialErrors === undefined ? undefined : flattenFieldErrors(initialErrors).practices,
  );
  const [formError, setFormError] = useState<string | null>(null);
  const choose = useChoosePractices();

  const submit = async () => {
    setFormError(null);
    const ids = [choice.primary?.id, choice.secondary?.id].filter((id): id is string => id !== undefined);
    // 'Not selected' under the field (spec section 5 Other messages), checked here as the server does.
    const notChosen = flattenFieldErrors(validatePracticeChoice(ids)).practices;
    if (notChosen !== undefined) {
      setError(notChosen);
      return;
    }
    setError(undefined);
    try {
      onSaved(await choose.mutateAsync(ids));
    } catch (e) {
      const fieldErrors = e instanceof ApiError ? e.fieldErrors : undefined;
      const messages = fieldErrors === undefined ? {} : flattenFieldErrors(fieldErrors);
      if (messages.practices !== undefined) setError(messages.practices);
      else setFormError(Object.values(messages)[0] ?? saveFailureMessage(e));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="lg">
        {profile.employments.length > 0 && choice.primary === null && (
          <Alert variant="light" color="blue">
            Choose a primary practice to continue.
          </Alert>
        )}
        <PracticePicker
          primary={choice.primary}
          secondary={choice.secondary}
          error={error}
          onChange={(next) => {
            setChoice(next);
            if (next.primary !== null) setError(undefined);
          }}
        />
        <FormFooter submitLabel="Next" saving={choose.isPending} formError={formError} onBack={onBack} />
      </Stack>
    </form>
  );
}
