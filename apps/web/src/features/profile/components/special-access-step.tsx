import { Checkbox, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { FieldErrors } from '@referrals/domain/api';
import type { Employment, Profile } from '@referrals/domain/profile/profile-schemas';
import { specialAccessEmployments } from '@referrals/domain/profile/special-access';
import { IconBuildingHospital } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { flattenFieldErrors } from '@/lib/form-errors';
import { useSaveSpecialAccess } from '../api/save-special-access';
import { FormFooter } from '@/ui/form-footer';
import { saveFailureMessage } from './use-profile-save';

type Answers = Record<string, { head_of_department_requested: boolean; special_access_requested: boolean }>;

function answersOf(employments: readonly Employment[]): Answers {
  return Object.fromEntries(
    employments.map((e) => [
      e.id,
      {
        head_of_department_requested: e.head_of_department_requested,
        special_access_requested: e.special_access_requested,
      },
    ]),
  );
}

type SpecialAccessStepProps = {
  profile: Profile;
  onSaved: (profile: Profile) => void;
  onBack: () => void;
  /** Errors of the register call or an earlier save that belong to this page (`employment_id`). */
  initialErrors?: FieldErrors;
};

/**
 * Registration page 4, special access (spec section 2): at each hospital or department the user works at,
 * they may ask to be recognised as head of department and ask for special access. Both are requests the
 * establishment's account holder grants; nothing changes until then.
 */
export function SpecialAccessStep({ profile, onSaved, onBack, initialErrors }: SpecialAccessStepProps) {
  const places = specialAccessEmployments(profile.employments);
  const [answers, setAnswers] = useState<Answers>(() => answersOf(places));
  const [formError, setFormError] = useState<string | null>(() =>
    initialErrors === undefined ? null : (Object.values(flattenFieldErrors(initialErrors))[0] ?? null),
  );
  const save = useSaveSpecialAccess();

  const set = (id: string, field: keyof Answers[string], value: boolean) =>
    setAnswers((current) => ({
      ...current,
      [id]: {
        head_of_department_requested: current[id]?.head_of_department_requested ?? false,
        special_access_requested: current[id]?.special_access_requested ?? false,
        [field]: value,
      },
    }));

  const submit = async () => {
    setFormError(null);
    try {
      onSaved(
        await save.mutateAsync(
          places.map((e) => ({
            employment_id: e.id,
            head_of_department_requested: answers[e.id]?.head_of_department_requested ?? false,
            special_access_requested: answers[e.id]?.special_access_requested ?? false,
          })),
        ),
      );
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
      const first = fieldErrors === undefined ? undefined : Object.values(flattenFieldErrors(fieldErrors))[0];
      setFormError(first ?? saveFailureMessage(error));
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
        {places.map((employment) => (
          <Paper key={employment.id} withBorder radius="md" p="md">
            <Stack gap="sm">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" radius="md" size={34}>
                  <IconBuildingHospital size={18} />
                </ThemeIcon>
                <Stack gap={0}>
                  <Title order={3} fz="md">
                    {employment.establishment.name}
                  </Title>
                  <Text size="sm" c="gray.7">
                    {employment.establishment.type.display}
                  </Text>
                </Stack>
              </Group>
              <Checkbox
                label="I am the head of department"
                description="The account holder confirms it; the head of department oversees the department's referrals."
                checked={answers[employment.id]?.head_of_department_requested ?? false}
                onChange={(event) =>
                  set(employment.id, 'head_of_department_requested', event.currentTarget.checked)
                }
              />
              <Checkbox
                label="I need special access"
                description="Lets you work in admin mode here, beyond your own referrals, once the account holder grants it."
                checked={answers[employment.id]?.special_access_requested ?? false}
                onChange={(event) =>
                  set(employment.id, 'special_access_requested', event.currentTarget.checked)
                }
              />
            </Stack>
          </Paper>
        ))}
        <FormFooter submitLabel="Next" saving={save.isPending} formError={formError} onBack={onBack} />
      </Stack>
    </form>
  );
}
