import { EstablishmentSchema } from '@referrals/domain/establishments/establishment-schemas';
import { personName } from '@referrals/domain/people/person-name';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { SelectField } from '@/ui/form-fields';

/**
 * GET establishments/{id}/?include_doctors=true: the receiving establishment's verified doctors, whom the
 * triage may assign (the server accepts only someone who works there).
 */
function useReceiverDoctors(establishmentId: string | undefined) {
  return useQuery({
    queryKey: ['establishments', establishmentId, 'doctors'],
    queryFn: ({ signal }) =>
      apiClient(`/api/establishments/${encodeURIComponent(establishmentId ?? '')}/`, {
        query: { include_doctors: true },
        schema: EstablishmentSchema,
        signal,
      }),
    enabled: establishmentId !== undefined,
  });
}

/**
 * Who will see the patient: the referral's assignee, or one of the receiving establishment's doctors. A
 * triage without one is refused with 'This field is required.' (spec section 5 Other messages), shown here.
 */
export function AssigneeField({ referral }: { referral: Referral }) {
  const receiver = useReceiverDoctors(referral.to_establishment?.id);
  const doctors = (receiver.data?.doctors ?? []).map((doctor) => ({
    value: doctor.id,
    label: personName(doctor),
  }));
  // The current assignee stays on offer even before (or without) the doctors list.
  const current = referral.assignee;
  const options =
    current === null || doctors.some((doctor) => doctor.value === current.id)
      ? doctors
      : [{ value: current.id, label: current.name }, ...doctors];
  return (
    <SelectField
      name="assignee"
      label="Assignee"
      data={options}
      placeholder={options.length === 0 ? 'No doctors listed' : 'Choose who will see the patient'}
      withAsterisk
    />
  );
}
