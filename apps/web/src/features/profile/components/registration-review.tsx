import { Alert, Anchor, Button, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@referrals/domain/dates';
import { subRoles } from '@referrals/domain/people/people-codes';
import { allowedNotificationFields } from '@referrals/domain/profile/profile-save-rules';
import {
  DEFAULT_PROVIDER_NUM_TYPES,
  type Employment,
  type Profile,
} from '@referrals/domain/profile/profile-schemas';
import { specialAccessEmployments } from '@referrals/domain/profile/special-access';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { profileDisplayName } from '@/lib/profile-display';
import { NOTIFICATION_LABELS } from '../notification-labels';
import { NOTIFICATIONS_PAGE, SPECIAL_ACCESS_PAGE, type RegistrationPage } from '../registration-pages';

const notGiven = (
  <Text span c="gray.7" size="sm">
    Not given
  </Text>
);

function ReviewSection({
  title,
  page,
  onEdit,
  children,
}: {
  title: string;
  page: RegistrationPage;
  onEdit: (page: RegistrationPage) => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="md">
          {title}
        </Title>
        <Anchor component="button" type="button" size="sm" onClick={() => onEdit(page)}>
          Edit {title.toLowerCase()}
        </Anchor>
      </Group>
      <DataList labelWidth={200}>{children}</DataList>
    </Paper>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value ?? notGiven}</DataList.ItemValue>
    </DataList.Item>
  );
}

function providerNumberText(profile: Profile): ReactNode {
  const type = profile.default_provider_num_type;
  if (type === 'NOT_APPLICABLE') return DEFAULT_PROVIDER_NUM_TYPES.NOT_APPLICABLE;
  if (profile.default_provider_num !== null) {
    const others = profile.provider_num_list.filter((n) => n !== profile.default_provider_num);
    return others.length === 0
      ? profile.default_provider_num
      : `${profile.default_provider_num} (default), ${others.join(', ')}`;
  }
  return null;
}

function specialAccessText(employment: Employment): string {
  const asked = [
    employment.head_of_department_requested ? 'Head of department' : null,
    employment.special_access_requested ? 'Special access' : null,
  ].filter((text) => text !== null);
  return asked.length === 0 ? 'Nothing asked for' : `${asked.join(' and ')} asked for`;
}

type RegistrationReviewProps = {
  profile: Profile;
  onEdit: (page: RegistrationPage) => void;
  onBack: () => void;
  onFinish: () => void;
  finishing: boolean;
  error: string | null;
};

/** Registration page 6 (spec section 2): what was entered, then 'Finish registration'. */
export function RegistrationReview({
  profile,
  onEdit,
  onBack,
  onFinish,
  finishing,
  error,
}: RegistrationReviewProps) {
  const practices = profile.employments.filter((e) => e.priority === 1 || e.priority === 2);
  const specialAccessPlaces = specialAccessEmployments(profile.employments);
  const notificationFields = allowedNotificationFields(profile.permissions);
  const emailsOn = notificationFields.filter((field) => profile[field]);
  return (
    <Stack gap="md">
      <ReviewSection title="Personal details" page={0} onEdit={onEdit}>
        <Row label="Name" value={profileDisplayName(profile)} />
        <Row label="Date of birth" value={profile.dob ? formatDate(profile.dob) : null} />
        <Row label="Mobile phone" value={profile.phone} />
      </ReviewSection>
      <ReviewSection title="Professional details" page={1} onEdit={onEdit}>
        <Row
          label="Role"
          value={
            profile.role === null
              ? null
              : `${profile.role.display}${profile.sub_role === null ? '' : ` · ${subRoles.display(profile.sub_role)}`}`
          }
        />
        <Row label="AHPRA number" value={profile.ahpra_num} />
        <Row label="Provider number" value={providerNumberText(profile)} />
        <Row label="Qualification" value={profile.qualification} />
        {profile.profession !== null && <Row label="Profession" value={profile.profession} />}
        {profile.specialties.length > 0 && (
          <Row
            label="Specialties"
            value={profile.specialties
              .map((s) => (s.field === null || s.field === '' ? s.practice : `${s.practice} (${s.field})`))
              .join(', ')}
          />
        )}
      </ReviewSection>
      <ReviewSection title="Practice" page={2} onEdit={onEdit}>
        <Row label="Primary practice" value={practices.find((e) => e.priority === 1)?.establishment.name} />
        <Row
          label="Secondary practice"
          value={practices.find((e) => e.priority === 2)?.establishment.name ?? 'None'}
        />
      </ReviewSection>
      <ReviewSection title="Signature" page={3} onEdit={onEdit}>
        <Row label="Signature image" value={profile.signature_image == null ? 'Not uploaded' : 'Uploaded'} />
      </ReviewSection>
      {specialAccessPlaces.length > 0 && (
        <ReviewSection title="Special access" page={SPECIAL_ACCESS_PAGE} onEdit={onEdit}>
          {specialAccessPlaces.map((e) => (
            <Row key={e.id} label={e.establishment.name} value={specialAccessText(e)} />
          ))}
        </ReviewSection>
      )}
      <ReviewSection title="Notifications" page={NOTIFICATIONS_PAGE} onEdit={onEdit}>
        <Row
          label="Email me when"
          value={
            notificationFields.length === 0
              ? 'No email notifications for your role'
              : emailsOn.length === 0
                ? 'No emails'
                : emailsOn.map((field) => NOTIFICATION_LABELS[field]).join('; ')
          }
        />
      </ReviewSection>
      {error !== null && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={finishing}>
          Back
        </Button>
        <Button onClick={onFinish} loading={finishing}>
          Finish registration
        </Button>
      </Group>
    </Stack>
  );
}
