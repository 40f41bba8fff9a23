import { notifications } from '@mantine/notifications';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { showSaveError } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import {
  emptyManualReferral,
  MANUAL_REFERRAL_FIELDS,
  type ManualReferralValues,
} from './manual-referral-fields';

/** The multipart body's files: a message about one of them is the file input's. */
const FILES = 'referrer_attachments';

/**
 * Recording a MANUAL referral, typed from paper or converted from an import item: the form, its submit
 * (a 400's messages on their fields, those about the files to `onFileError`) and, once recorded, the referral's page.
 */
export function useRecordManualReferral(options: {
  save: (values: ManualReferralValues) => Promise<Referral>;
  /** Where a message about the files goes (the paper form's file input). */
  onFileError?: (message: string) => void;
  /** What the form starts with: empty unless something already said it (an HL7 message). */
  defaultValues?: ManualReferralValues;
}) {
  const navigate = useNavigate();
  const form = useForm<ManualReferralValues>({
    defaultValues: options.defaultValues ?? emptyManualReferral(),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const referral = await options.save(values);
      notifications.show({
        color: 'green',
        title: 'Referral recorded',
        message: 'It is in your inbox, ready for triage.',
      });
      void navigate(paths.referrals.detail.getHref(referral.id));
    } catch (error) {
      const { onFileError } = options;
      showSaveError(error, {
        fields: onFileError ? [...MANUAL_REFERRAL_FIELDS, FILES] : MANUAL_REFERRAL_FIELDS,
        onField: (path, message) => {
          if (path.startsWith(FILES)) onFileError?.(message);
          else form.setError(path as Path<ManualReferralValues>, { message });
        },
        onForm: setFormError,
        fallback: 'The referral could not be recorded. Please try again.',
      });
    }
  });
  return { form, submit, formError };
}
