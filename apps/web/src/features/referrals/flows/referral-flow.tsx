import { Alert, Button, Loader, Paper, Stack, Stepper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { fieldErrorsFromIssues, type FieldErrors } from '@referrals/domain/api';
import { referralPageErrors, type ReferralFlow } from '@referrals/domain/referrals/referral-action-pages';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { firstPageWithErrors, showSaveError, splitFieldErrors } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { FormFooter } from '@/ui/form-footer';
import { StepHeading } from '@/ui/step-heading';
import { referralsKey, useReferral } from '../api/get-referral';
import { ReferralFlowHeader, referralPatientName } from './referral-flow-header';
import { commitReferralAction, dryRunReferralAction, type ReferralActionCall } from './send-referral-action';

/** What a page of a flow gets to draw itself. */
export type FlowPageContext<V extends FieldValues> = {
  referral: Referral;
  /** Moves on as Next does; for a page's own way forward (triage's 'Skip scheduling'). */
  next: () => void;
  values: V;
};

export type FlowPage<V extends FieldValues> = {
  step: string;
  title: string;
  intro: string;
  /** The form fields the page shows: checked before moving on, and where the server's messages go. */
  fields: readonly string[];
  /**
   * Which page of referralPageErrors this page shows the dry run's errors of (spec section 5); a page the
   * spec does not map shows those of its own fields.
   */
  errorPage?: number;
  /** Passed over going forward and back (triage's message page when scheduling is skipped). */
  skipped?: (values: V) => boolean;
  render: (context: FlowPageContext<V>) => ReactNode;
};

/** The call a flow makes as its form stands, with the domain schema the body must pass first. */
export type FlowAction = ReferralActionCall & { schema: z.ZodType };

export type ReferralFlowDefinition<V extends FieldValues> = {
  /** The flow's pages in referralPageErrors; null for renew, which the spec does not map. */
  flow: ReferralFlow | null;
  title: string;
  /** The pages in order; the last one's button commits. */
  pages: readonly FlowPage<V>[];
  defaultValues: (referral: Referral) => DefaultValues<V>;
  action: (values: V, referral: Referral) => FlowAction;
  commitLabel: (values: V) => string;
  /** The toast's title after the commit, e.g. 'Referral returned'. */
  done: (values: V) => string;
};

/** The body's messages from the domain schema, keyed like a 400 so both are shown the same way. */
function clientErrors(action: FlowAction): FieldErrors {
  const parsed = action.schema.safeParse(action.body);
  return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
}

function FlowForm<V extends FieldValues>({
  definition,
  referral,
}: {
  definition: ReferralFlowDefinition<V>;
  referral: Referral;
}) {
  const { flow, pages } = definition;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // One form across the pages, so what was typed on a page is still there after Back.
  const form = useForm<V>({ defaultValues: definition.defaultValues(referral) });
  const [index, setIndex] = useState(0);
  const [reached, setReached] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownIndex = useRef(index);
  // On changing page the focus goes to the new page's title, as in the referral wizard: otherwise it stays
  // on a button of the last page, or falls to the page itself and the next Tab starts at the top bar.
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    heading.current?.focus({ preventScroll: true });
  }, [index]);
  // Every value, for the last page's summary and the button's label.
  const values = useWatch({ control: form.control }) as V;
  const page = pages[index] as FlowPage<V>;
  // A message is about the value it was given for: changing the value takes it away until the next check.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name !== undefined) form.clearErrors(name as Path<V>);
        },
      }),
    [form],
  );
  const isSkipped = (at: number) => pages[at]?.skipped?.(form.getValues()) === true;

  const goTo = (target: number) => {
    setIndex(target);
    setReached((furthest) => Math.max(furthest, target));
    window.scrollTo({ top: 0 });
  };
  const step = (from: number, by: 1 | -1) => {
    let target = from + by;
    while (isSkipped(target)) target += by;
    return target;
  };

  const showFailure = (error: unknown) => {
    const errors = error instanceof ApiError ? error.fieldErrors : undefined;
    showSaveError(error, {
      fields: pages.flatMap((p) => p.fields),
      onField: (path, message) => form.setError(path as Path<V>, { type: 'server', message }),
      onForm: setFormError,
      fallback: `${definition.title} did not go through. Please try again.`,
    });
    if (errors === undefined) return;
    // Back to the first page whose fields the dry run found fault with (spec section 5).
    const owner = firstPageWithErrors(
      errors,
      pages.map((p, at) => {
        if (isSkipped(at)) return [];
        const onPage =
          flow !== null && p.errorPage !== undefined ? referralPageErrors(flow, p.errorPage, errors) : errors;
        return p.fields.filter((field) => field in onPage);
      }),
    );
    if (owner !== -1) goTo(owner);
  };

  const commit = useMutation({
    mutationFn: async (action: FlowAction) => {
      await dryRunReferralAction(referral.id, action);
      return commitReferralAction(referral.id, action);
    },
    onSuccess: async (_committed, _action) => {
      await queryClient.invalidateQueries({ queryKey: referralsKey });
      notifications.show({
        color: 'green',
        title: definition.done(form.getValues()),
        message: referralPatientName(referral),
      });
      await navigate(paths.referrals.detail.getHref(referral.id));
    },
    onError: showFailure,
  });

  const next = () => {
    setFormError(null);
    const current = form.getValues();
    const action = definition.action(current, referral);
    form.clearErrors(page.fields as Path<V>[]);
    const { onFields } = splitFieldErrors(clientErrors(action), page.fields);
    const problems = Object.entries(onFields);
    for (const [path, message] of problems) form.setError(path as Path<V>, { type: 'client', message });
    if (problems.length > 0) return;
    if (index === pages.length - 1) commit.mutate(action);
    else goTo(step(index, 1));
  };

  return (
    <FormProvider {...form}>
      <Stack gap="lg" maw={860}>
        <ReferralFlowHeader title={definition.title} referral={referral} />
        <Stepper
          active={index}
          onStepClick={(target) => goTo(target)}
          allowNextStepsSelect={false}
          size="sm"
          iconSize={30}
        >
          {pages.map((p, at) => (
            <Stepper.Step
              key={p.step}
              label={p.step}
              aria-label={p.title}
              allowStepSelect={at <= reached && at !== index && !isSkipped(at) && !commit.isPending}
            />
          ))}
        </Stepper>
        <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }}>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              next();
            }}
          >
            <Stack gap="lg">
              <StepHeading ref={heading} title={page.title} intro={page.intro} />
              {page.render({ referral, next, values })}
              <FormFooter
                submitLabel={index === pages.length - 1 ? definition.commitLabel(values) : 'Next'}
                saving={commit.isPending}
                formError={formError}
                onBack={index === 0 ? undefined : () => goTo(step(index, -1))}
                actions={
                  <Button
                    variant="subtle"
                    component={Link}
                    to={paths.referrals.detail.getHref(referral.id)}
                    disabled={commit.isPending}
                  >
                    Cancel
                  </Button>
                }
              />
            </Stack>
          </form>
        </Paper>
      </Stack>
    </FormProvider>
  );
}

/** A multi-page referral flow (spec section 4): loads the referral, then its pages one at a time. */
export function ReferralFlowScreen<V extends FieldValues>({
  referralId,
  definition,
}: {
  referralId: string;
  definition: ReferralFlowDefinition<V>;
}) {
  const { data: referral, error } = useReferral(referralId);
  if (error !== null) {
    return (
      <Alert color="red" variant="light" title="This referral could not be opened" maw={640}>
        {error instanceof ApiError && error.status === 404
          ? 'It does not exist or is not shared with your establishment.'
          : 'Please try again.'}
      </Alert>
    );
  }
  if (referral === undefined) return <Loader aria-label="Loading the referral" />;
  return <FlowForm definition={definition} referral={referral} />;
}
