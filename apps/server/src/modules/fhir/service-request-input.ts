import { z } from 'zod';
import { isUuid } from '../../http/ids.ts';

const referenceTo = (type: string, message: string) =>
  z.object(
    {
      reference: z
        .string({ error: message })
        .refine((value) => value.startsWith(`${type}/`) && isUuid(value.slice(type.length + 1)), message),
      display: z.string().optional(),
    },
    { error: message },
  );

const PERFORMER = 'Name the receiver as Organization/{id}, and the doctor, if any, as Practitioner/{id}.';
const text = z.object({ text: z.string().max(5000) });

/**
 * The ServiceRequest a client creates a referral with (docs/interop.md): the patient, the receiving
 * organisation and doctor, and the reason; `status` draft keeps it a draft, active sends it. Elements
 * this API sets itself (id, meta, the requester: the caller) may be sent and are not read.
 */
export const ServiceRequestInputSchema = z.looseObject({
  resourceType: z.literal('ServiceRequest', { error: 'Send a ServiceRequest.' }),
  status: z.enum(['draft', 'active'], {
    error: 'A referral is created as a draft (draft) or sent at once (active).',
  }),
  intent: z.enum(['order', 'proposal', 'plan'], { error: 'A referral is an order, proposal or plan.' }),
  subject: referenceTo('Patient', 'Name the patient as Patient/{id}.'),
  performer: z
    .array(z.object({ reference: z.string({ error: PERFORMER }), display: z.string().optional() }))
    .max(2, PERFORMER)
    .refine(
      (performers) =>
        performers.every(({ reference }) =>
          /^(Organization|Practitioner)\/[0-9a-f-]{36}$/i.test(reference),
        ) &&
        performers.filter(({ reference }) => reference.startsWith('Organization/')).length <= 1 &&
        performers.filter(({ reference }) => reference.startsWith('Practitioner/')).length <= 1,
      PERFORMER,
    )
    .optional(),
  reasonCode: z.array(text).max(1, 'Give the reason as one text.').optional(),
  note: z.array(text).optional(),
});
export type ServiceRequestInput = z.output<typeof ServiceRequestInputSchema>;

const TASK_STATUS = 'A new referral’s Task is draft (kept a draft) or requested (sent at once).';

/**
 * A transaction Bundle with the ServiceRequest and the Task that tracks it, as AU eRequesting sends an
 * order: the Task's focus names the ServiceRequest by its fullUrl, and its status says whether to send.
 */
export const ReferralBundleInputSchema = z.object({
  resourceType: z.literal('Bundle', { error: 'Send a Bundle.' }),
  type: z.literal('transaction', { error: 'Send a transaction Bundle.' }),
  entry: z.tuple(
    [
      z.object({ fullUrl: z.string().min(1), resource: ServiceRequestInputSchema.omit({ status: true }) }),
      z.object({
        fullUrl: z.string().optional(),
        resource: z.looseObject({
          resourceType: z.literal('Task', { error: 'The second entry is the Task.' }),
          status: z.enum(['draft', 'requested'], { error: TASK_STATUS }),
          focus: z.object({ reference: z.string() }),
        }),
      }),
    ],
    { error: 'Send the ServiceRequest, then its Task.' },
  ),
});
export type ReferralBundleInput = z.output<typeof ReferralBundleInputSchema>;
