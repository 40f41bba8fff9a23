import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import type { Establishment } from '@referrals/domain/establishments/establishment-schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useProfile } from '@/lib/auth/get-profile';
import { paths } from '@/lib/paths';
import { currentEmployment } from '@/lib/profile-display';
import { referralQueryOptions } from '../api/get-referral';
import { UNKNOWN_LINK_MESSAGE, linkedReceiverRefusal } from '@referrals/domain/referrals/referral-receivers';
import { CreateReferralWizard } from '../create/create-referral-wizard';
import type { PatientPickerSlot } from '@/ui/patient-picker-slot';
import { useLinkedReceiver } from '../create/receiver-calls';
import type { LinkedReceiver } from '../create/receiver-step';

/**
 * Referral Creation at /referrals/create/:id? (spec section 2): a new draft, or the draft `id` continued.
 * Friendly forwarding reaches it at /send/:establishment_slug.
 */
export function CreateReferralPage({ patientPicker }: { patientPicker: PatientPickerSlot }) {
  const { id, establishment_slug: slug } = useParams();
  const { data: profile } = useProfile();
  const draft = useQuery({ ...referralQueryOptions(id ?? ''), enabled: id !== undefined });
  const link = useLinkedReceiver(slug);
  // The wizard keeps its state when the new draft's id enters the address, and starts afresh when the
  // address goes back to a new referral (New referral pressed while creating one).
  const [session, setSession] = useState({ id, count: 0 });
  if (session.id !== id) setSession({ id, count: id === undefined ? session.count + 1 : session.count });

  if (
    profile === undefined ||
    (id !== undefined && draft.isPending) ||
    (slug !== undefined && link.isPending)
  ) {
    return <Loader aria-label="Loading the referral" />;
  }
  const currentEstablishmentId = currentEmployment(profile)?.establishment.id ?? null;
  if (id !== undefined && draft.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="This draft could not be opened">
        It may have been deleted, or it belongs to another establishment.
      </Alert>
    );
  }
  const referral = draft.data;
  if (referral !== undefined && (referral.status.value !== 'DRFT' || referral.side !== 'sender')) {
    return (
      <Stack>
        <Alert color="blue" variant="light" title="This referral has been sent">
          It can no longer be changed here.{' '}
          <Anchor component={Link} to={paths.referrals.detail.getHref(referral.id)}>
            Open the referral
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  return (
    <CreateReferralWizard
      key={session.count}
      referral={referral}
      currentEstablishmentId={currentEstablishmentId}
      patientPicker={patientPicker}
      linked={slug === undefined ? undefined : linkedReceiver(link.data, currentEstablishmentId)}
    />
  );
}

/** The receiver a send/ link names, or why it is not preselected: unknown to the sender, or not one to send to. */
function linkedReceiver(
  place: Establishment | undefined,
  currentEstablishmentId: string | null,
): LinkedReceiver {
  if (place === undefined) return { refusal: UNKNOWN_LINK_MESSAGE };
  const refusal = linkedReceiverRefusal(place, currentEstablishmentId);
  return refusal === null ? { place } : { refusal };
}
