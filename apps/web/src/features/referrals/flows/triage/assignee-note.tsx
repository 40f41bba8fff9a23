import { Input, Text } from '@mantine/core';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { useFieldError } from '@/ui/form-fields';

/**
 * Who will see the patient. The triage keeps the referral's assignee; one without an assignee is refused
 * by the server with 'This field is required.' (spec section 5 Other messages), shown here.
 */
export function AssigneeNote({ referral }: { referral: Referral }) {
  const error = useFieldError()('assignee');
  return (
    <Input.Wrapper label="Assignee" error={error} id="triage-assignee">
      <Text size="sm" c={referral.assignee === null ? 'gray.7' : undefined}>
        {referral.assignee?.name ?? 'No named specialist: no one is assigned yet.'}
      </Text>
    </Input.Wrapper>
  );
}
