import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { SettingsSectionSchema, type SettingsSection } from '@referrals/domain/people/people-codes';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { IconAlertTriangle, IconChevronLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useProfile } from '@/lib/auth/get-profile';
import { paths } from '@/lib/paths';
import { SectionCard } from '@/ui/section-card';
import { EmailVerificationNotice } from '../components/email-verification-notice';
import { NotificationSettingsForm } from '../components/notification-settings-form';
import { PersonalDetailsForm } from '../components/personal-details-form';
import { PlatformSummary } from '../components/platform-summary';
import { ProfessionalDetailsForm } from '../components/professional-details-form';
import { ProfileImageField } from '../components/profile-image-field';
import { SessionExpiryForm } from '../components/session-expiry-form';
import { TwoStepSignIn } from '../components/two-step-sign-in';
import { SETTINGS_SECTION_TEXT } from '../settings-sections';
import { notifications } from '@mantine/notifications';

function BackToSettings() {
  return (
    <Anchor component={Link} to={paths.settings.overview.getHref()} size="sm">
      <IconChevronLeft size={14} style={{ verticalAlign: -2 }} /> Settings
    </Anchor>
  );
}

const saved = (message: string) => () => notifications.show({ color: 'green', title: 'Saved', message });

/**
 * Sections another feature draws; the app passes them in, since features do not import each other
 * (Settings > establishments lives in features/establishments).
 */
export type SettingsSectionSlots = Partial<Record<SettingsSection, (profile: Profile) => ReactNode>>;

function SectionContent({
  section,
  profile,
  slots,
}: {
  section: SettingsSection;
  profile: Profile;
  slots: SettingsSectionSlots;
}) {
  const slot = slots[section];
  if (slot !== undefined) return slot(profile);
  // Forms are keyed by the profile version, so a save or a reload after a 409 shows the stored values.
  const key = profile.version;
  switch (section) {
    case 'medical-registration':
      return (
        <SectionCard title="Registration and provider numbers">
          <ProfessionalDetailsForm
            key={key}
            profile={profile}
            roleEditable={false}
            submitLabel="Save medical registration"
            onSaved={saved('Your medical registration was saved.')}
          />
        </SectionCard>
      );
    case 'notifications':
      return (
        <SectionCard title="Email notifications">
          <NotificationSettingsForm key={key} profile={profile} />
        </SectionCard>
      );
    case 'profile':
      return (
        <>
          {!profile.email_verified && <EmailVerificationNotice />}
          <SectionCard title="Personal details" description={`Signed in as ${profile.email}.`}>
            <PersonalDetailsForm
              key={key}
              profile={profile}
              submitLabel="Save personal details"
              onSaved={saved('Your personal details were saved.')}
            />
          </SectionCard>
          <SectionCard title="Photo">
            <ProfileImageField
              kind="avatar-image"
              label="Profile photo"
              description="Shown to colleagues next to your name."
              current={profile.avatar_image ?? null}
              previewHeight={96}
            />
          </SectionCard>
          <SectionCard
            title="Session"
            description="For your patients' privacy you are signed out when you are away."
          >
            <SessionExpiryForm key={key} profile={profile} />
          </SectionCard>
          <SectionCard title="Two-step sign-in">
            <TwoStepSignIn profile={profile} />
          </SectionCard>
          <SectionCard
            title="Platform"
            description="Where you work with Referrals: in the browser or from your practice software."
          >
            <PlatformSummary />
          </SectionCard>
        </>
      );
    case 'establishments':
      return null;
  }
}

/** A settings section at /settings/:type; an unknown one shows the spec's error text (sections 2 and 8). */
export function SettingsSectionPage({ slots = {} }: { slots?: SettingsSectionSlots }) {
  const parsed = SettingsSectionSchema.safeParse(useParams().type);
  const { data: profile } = useProfile();
  if (!parsed.success) {
    return (
      <Stack gap="lg" maw={760}>
        <Title order={1} fz="h2">
          Settings
        </Title>
        {/* Spelling as the spec gives it (section 8). */}
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="Error occurered">
          <Anchor component={Link} to={paths.settings.overview.getHref()} size="sm">
            Back to Settings
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  const text = SETTINGS_SECTION_TEXT[parsed.data];
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <BackToSettings />
        <Title order={1} fz="h2">
          {text.title}
        </Title>
        <Text c="gray.7">{text.description}</Text>
      </Stack>
      {profile === undefined ? (
        <Loader aria-label="Loading your profile" />
      ) : (
        <SectionContent section={parsed.data} profile={profile} slots={slots} />
      )}
    </Stack>
  );
}
