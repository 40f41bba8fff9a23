import { Alert, Badge, Button, Checkbox, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isClosedStatus } from '@referrals/domain/people/employment-rules';
import {
  USER_TAG_OTHER_MESSAGE,
  userTags,
  type StaffMember,
  type StaffUpdate,
  type UserTag,
} from '@referrals/domain/people/employment-schemas';
import { permissions as permissionCodes } from '@referrals/domain/people/people-codes';
import { useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { flattenFieldErrors } from '@/lib/form-errors';
import { getRuntimeConfig } from '@/lib/runtime-config';

type Grant =
  | 'has_shared_inbox_access'
  | 'has_shared_outbox_access'
  | 'can_send_referral'
  | 'is_head_of_department'
  | 'has_special_access';

const GRANTS: readonly { field: Grant; label: string; description: string }[] = [
  {
    field: 'has_shared_inbox_access',
    label: 'Shared inbox access',
    description: "Sees the establishment's inbox, not only referrals addressed to them.",
  },
  {
    field: 'has_shared_outbox_access',
    label: 'Shared outbox access',
    description: 'Sees every referral the establishment has sent.',
  },
  { field: 'can_send_referral', label: 'Can send referrals', description: 'Creates and sends referrals.' },
  {
    field: 'is_head_of_department',
    label: 'Head of department',
    description: 'Leads the department; enters the admin portal from their professional account.',
  },
  {
    field: 'has_special_access',
    label: 'Special access',
    description: 'Access beyond their role, granted by the account holder.',
  },
];

const tagOptions = userTags.codes.map((code) => ({ value: code, label: userTags.display(code) }));

export function saveFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.fieldErrors !== undefined)
      return Object.values(flattenFieldErrors(error.fieldErrors)).join(' ');
    if (error.detail !== undefined) return error.detail;
  }
  return 'The change could not be saved. Please try again.';
}

type StaffAccessFormProps = {
  member: StaffMember;
  saving: boolean;
  save: (update: StaffUpdate) => Promise<StaffMember>;
};

function UserTagField({ member, saving, save }: StaffAccessFormProps) {
  const [tag, setTag] = useState<UserTag | null>(member.user_tag);
  const [other, setOther] = useState(member.user_tag_other ?? '');
  const [errors, setErrors] = useState<{ tag?: string; other?: string }>({});
  const changed =
    tag !== member.user_tag || (tag === 'OTHER' && other.trim() !== (member.user_tag_other ?? ''));
  const submit = async () => {
    if (tag === 'OTHER' && other.trim() === '') {
      setErrors({ other: USER_TAG_OTHER_MESSAGE });
      return;
    }
    setErrors({});
    try {
      await save({ user_tag: tag, user_tag_other: tag === 'OTHER' ? other.trim() : null });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : undefined;
      const flat = fields === undefined ? {} : flattenFieldErrors(fields);
      setErrors({
        tag: flat.user_tag ?? (fields === undefined ? saveFailure(error) : undefined),
        other: flat.user_tag_other,
      });
    }
  };
  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="sm" grow>
        <Select
          label="User tag"
          placeholder="No tag"
          data={tagOptions}
          value={tag}
          onChange={(value) => setTag(userTags.isCode(value) ? value : null)}
          clearable
          error={errors.tag}
        />
        {tag === 'OTHER' && (
          <TextInput
            label="Other tag"
            value={other}
            maxLength={60}
            onChange={(event) => setOther(event.currentTarget.value)}
            error={errors.other}
            withAsterisk
          />
        )}
      </Group>
      <Group justify="flex-end">
        <Button
          size="xs"
          variant="default"
          onClick={() => void submit()}
          disabled={!changed}
          loading={saving}
        >
          Save tag
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The grants an account holder gives one member (spec sections 3 Employment, 6 Rules): the access
 * switches, the permissions, and the user tag. Each change is saved at once; a refusal says why.
 */
export function StaffAccessForm({ member, saving, save }: StaffAccessFormProps) {
  const removed = isClosedStatus(member.status);
  const apply = (update: StaffUpdate) =>
    save(update).catch((error: unknown) =>
      notifications.show({ color: 'red', title: 'Not saved', message: saveFailure(error) }),
    );
  const requested = [
    member.head_of_department_requested && !member.is_head_of_department ? 'head of department' : null,
    member.special_access_requested && !member.has_special_access ? 'special access' : null,
  ].filter((text) => text !== null);

  return (
    <Stack gap="lg">
      {removed && (
        <Alert color="gray" variant="light">
          {`This employment is ${member.status.display.toLowerCase()}: its access no longer applies.`}
        </Alert>
      )}
      {requested.length > 0 && !removed && (
        <Alert color="blue" variant="light" title="Asked for at registration">
          {`${member.user.first_name} asked for ${requested.join(' and ')}.`}
        </Alert>
      )}
      <Stack gap="sm">
        <Text fw={650} size="sm">
          Access
        </Text>
        {GRANTS.map((grant) => (
          <Switch
            key={grant.field}
            label={
              <Group gap={6}>
                {grant.label}
                {((grant.field === 'is_head_of_department' && member.head_of_department_requested) ||
                  (grant.field === 'has_special_access' && member.special_access_requested)) &&
                  !member[grant.field] && (
                    <Badge size="xs" variant="light">
                      Requested
                    </Badge>
                  )}
              </Group>
            }
            description={grant.description}
            checked={member[grant.field]}
            disabled={removed || saving}
            onChange={(event) => void apply({ [grant.field]: event.currentTarget.checked })}
          />
        ))}
      </Stack>
      <Checkbox.Group
        label="Permissions"
        value={member.permissions}
        onChange={(value) =>
          void apply({ permissions: value.filter((code) => permissionCodes.isCode(code)) })
        }
        styles={{ label: { fontWeight: 650, marginBottom: 8 } }}
      >
        <Stack gap="xs">
          {permissionCodes.codes.map((code) => (
            <Checkbox
              key={code}
              value={code}
              label={permissionCodes.display(code)}
              disabled={removed || saving}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {getRuntimeConfig().flags.userTagging && (
        <UserTagField
          key={`${member.user_tag}-${member.user_tag_other}`}
          member={member}
          saving={saving}
          save={save}
        />
      )}
    </Stack>
  );
}
