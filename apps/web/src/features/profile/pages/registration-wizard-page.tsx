import { Alert, Anchor, Box, Button, Group, Loader, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import type { FieldErrors } from '@referrals/domain/api';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { useProfile } from '@/lib/auth/get-profile';
import { paths } from '@/lib/paths';
import { useFinishRegistration } from '../api/finish-registration';
import { PersonalDetailsForm } from '../components/personal-details-form';
import { PracticeStep } from '../components/practice-step';
import { ProfessionalDetailsForm } from '../components/professional-details-form';
import { ProfileImageField } from '../components/profile-image-field';
import { RegistrationReview } from '../components/registration-review';
import { ExitRegistrationButton } from '../components/exit-registration-button';
import { NotificationSettingsForm } from '../components/notification-settings-form';
import { SpecialAccessStep } from '../components/special-access-step';
import { saveFailureMessage } from '../components/use-profile-save';
import {
  NOTIFICATIONS_PAGE,
  REGISTRATION_PAGES,
  REVIEW_PAGE,
  SPECIAL_ACCESS_PAGE,
  firstIncompletePage,
  nextPage,
  pageOfFirstError,
  previousPage,
  registrationPagesFor,
  type RegistrationPage,
} from '../registration-pages';

const PAGE_INTROS: Readonly<Record<RegistrationPage, string>> = {
  0: 'How you appear to other clinicians and how the practice can reach you.',
  1: 'Receivers check these before they accept your referrals.',
  2: 'The practice or establishment you work at. Your access there is confirmed by its account holder.',
  3: 'Your signature is printed on the referrals you send. You can add it later in Settings.',
  4: 'At hospitals and departments you can ask to be recognised as head of department, or for special access. The account holder decides.',
  5: 'Choose which referral events send you an email. You can change this later in Settings.',
  6: 'Check your details. You can change most of them later in Settings.',
};

function Wizard({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  // Special access is asked only of users at a hospital or department; the practice page can change that.
  const pages = registrationPagesFor(profile);
  const [page, setPage] = useState<RegistrationPage>(() => firstIncompletePage(profile));
  // The furthest page reached: earlier pages can be revisited from the stepper, later ones cannot be skipped to.
  const [reached, setReached] = useState<RegistrationPage>(page);
  const [pageErrors, setPageErrors] = useState<FieldErrors | undefined>(undefined);
  const [finishError, setFinishError] = useState<string | null>(null);
  const finish = useFinishRegistration();

  const goTo = (next: RegistrationPage, errors?: FieldErrors) => {
    setPageErrors(errors);
    setPage(next);
    if (next > reached) setReached(next);
    window.scrollTo({ top: 0 });
  };
  // The page just saved may have changed which pages there are (page 2, the practices).
  const next = (saved: Profile = profile) => goTo(nextPage(registrationPagesFor(saved), page));
  const back = () => goTo(previousPage(pages, page));

  const onFinish = () => {
    setFinishError(null);
    finish.mutate(undefined, {
      onSuccess: () => void navigate(paths.home.getHref(), { replace: true }),
      onError: (error) => {
        const errors = error instanceof ApiError ? error.fieldErrors : undefined;
        const target = errors === undefined ? null : pageOfFirstError(errors);
        // 400: back to the page holding the first error, shown on its field (spec section 2).
        if (errors !== undefined && target !== null) goTo(target, errors);
        else setFinishError(saveFailureMessage(error));
      },
    });
  };

  const current = REGISTRATION_PAGES[page];
  return (
    <Stack gap="lg" maw={1000}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Complete your registration
        </Title>
        <Text c="gray.7">Your answers are saved as you go; you can leave and pick up where you stopped.</Text>
      </Stack>
      <Stepper
        active={Math.max(0, pages.indexOf(page))}
        onStepClick={(index) => {
          const target = pages[index];
          if (target !== undefined) goTo(target);
        }}
        allowNextStepsSelect={false}
        size="sm"
        iconSize={30}
      >
        {pages.map((p) => (
          <Stepper.Step
            key={p}
            label={REGISTRATION_PAGES[p].step}
            aria-label={REGISTRATION_PAGES[p].label}
            allowStepSelect={p <= reached && p !== page}
          />
        ))}
      </Stepper>
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
            <Stack gap={4}>
              <Title order={2} fz="h3">
                {current.label}
              </Title>
              <Text c="gray.7" size="sm">
                {PAGE_INTROS[page]}
              </Text>
            </Stack>
            <Box style={{ flexShrink: 0 }}>
              <ExitRegistrationButton />
            </Box>
          </Group>
          {page === 0 && (
            <PersonalDetailsForm
              key={`personal-${profile.version}`}
              profile={profile}
              phoneRequired
              submitLabel="Next"
              onSaved={next}
              initialErrors={pageErrors}
            />
          )}
          {page === 1 && (
            <ProfessionalDetailsForm
              key={`professional-${profile.version}`}
              profile={profile}
              roleEditable
              submitLabel="Next"
              onSaved={next}
              onBack={back}
              initialErrors={pageErrors}
            />
          )}
          {page === 2 && (
            <PracticeStep profile={profile} onSaved={next} onBack={back} initialErrors={pageErrors} />
          )}
          {page === 3 && (
            <Stack gap="lg">
              <ProfileImageField
                kind="signature-image"
                label="Signature image"
                description="A photo or scan of your signature on white paper."
                current={profile.signature_image ?? null}
              />
              <Group justify="space-between">
                <Button variant="default" onClick={back}>
                  Back
                </Button>
                <Button onClick={() => next()}>
                  {profile.signature_image == null ? 'Skip for now' : 'Next'}
                </Button>
              </Group>
            </Stack>
          )}
          {page === SPECIAL_ACCESS_PAGE && (
            <SpecialAccessStep
              key={`special-access-${profile.version}`}
              profile={profile}
              onSaved={next}
              onBack={back}
              initialErrors={pageErrors}
            />
          )}
          {page === NOTIFICATIONS_PAGE && (
            <NotificationSettingsForm
              key={`notifications-${profile.version}`}
              profile={profile}
              submitLabel="Next"
              onSaved={next}
              onBack={back}
              initialErrors={pageErrors}
            />
          )}
          {page === REVIEW_PAGE && (
            <RegistrationReview
              profile={profile}
              onEdit={(target) => goTo(target)}
              onBack={back}
              onFinish={onFinish}
              finishing={finish.isPending}
              error={finishError}
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The registration wizard (spec section 2 Registration wizard), opened from Welcome's 'Get started'. */
export function RegistrationWizardPage() {
  const { data: profile } = useProfile();
  if (profile === undefined) return <Loader aria-label="Loading your profile" />;
  if (profile.registration_completed) {
    return (
      <Alert
        maw={640}
        color="green"
        variant="light"
        icon={<IconCircleCheck />}
        title="Your registration is complete"
      >
        <Anchor component={Link} to={paths.home.getHref()}>
          Go to the dashboard
        </Anchor>
      </Alert>
    );
  }
  return <Wizard profile={profile} />;
}
