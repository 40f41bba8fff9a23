import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { choose, next, pageHeading } from './flow-steps';
import { freshSubmittedReferral } from './referral-api';
import { nextButton, stepHeading } from './referral-wizard-steps';
import { personIn, screenshot } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

const QUESTION =
  'Would you start a beta blocker for her palpitations before a referral? Her ECG is attached.';

test('a GP asks North Shore Heart Clinic for advice; the specialist answers it and the GP reviews the advice', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const gp = await personIn(browser, baseURL ?? '', 'gp@demo.test', '/referrals/create');

  // The clinic takes advice requests, so the wizard asks what is being sent.
  await expect(gp.getByRole('heading', { level: 1, name: 'New referral' })).toBeVisible();
  await gp.getByRole('radio', { name: /North Shore Heart Clinic/ }).check();
  await gp.getByRole('combobox', { name: 'Specialist' }).click();
  await gp.getByRole('option', { name: /James Chen/ }).click();
  await gp.getByRole('radio', { name: 'A request for advice and guidance' }).check();
  await expect(
    gp.getByRole('heading', { level: 1, name: 'New request for advice and guidance' }),
  ).toBeVisible();
  await expectAccessible(gp, 'the wizard offering advice and guidance');
  await screenshot(gp, 'advice-request-receiver');
  await nextButton(gp).click();

  await expect(stepHeading(gp, 'The patient')).toBeVisible();
  await gp.getByRole('textbox', { name: 'Find a patient' }).fill('Watson');
  await gp
    .getByRole('radio', { name: /Emily Watson/ })
    .first()
    .check();
  await nextButton(gp).click();
  await expect(stepHeading(gp, 'The receiver’s forms')).toBeVisible();
  await nextButton(gp).click();
  await expect(stepHeading(gp, 'Attachments')).toBeVisible();
  await nextButton(gp).click();

  // The question is the message, and starts empty rather than as a referral's default words.
  await expect(stepHeading(gp, 'Message and provider details')).toBeVisible();
  const question = gp.getByRole('textbox', { name: 'Your question' });
  await expect(question).toHaveValue('');
  await question.fill(QUESTION);
  await expectAccessible(gp, 'the question of an advice request');
  await nextButton(gp).click();
  await expect(stepHeading(gp, 'Renewal and notifications')).toBeVisible();
  await gp.getByRole('button', { name: 'Send request' }).click();
  await expect(gp).toHaveURL(/\/referrals\/[0-9a-f-]{36}$/);
  const id = new URL(gp.url()).pathname.split('/').at(-1) ?? '';
  await expect(gp.getByRole('heading', { level: 1, name: /^Advice request for Emily Watson/ })).toBeVisible();

  // The specialist finds it in the inbox as an advice request, reads the question and answers it.
  const specialist = await personIn(browser, baseURL ?? '', 'specialist@demo.test', '/referrals/inbox/new');
  const row = specialist.getByRole('row').filter({ has: specialist.locator(`a[href="/referrals/${id}"]`) });
  await expect(row.getByText('Advice request')).toBeVisible();
  await specialist.goto(`/referrals/${id}`);
  await expect(specialist.getByText(QUESTION)).toBeVisible();
  // Never triaged: convert is offered instead.
  await expect(specialist.getByRole('link', { name: 'Triage' })).toHaveCount(0);
  await expect(specialist.getByRole('button', { name: 'Convert to referral' })).toBeVisible();
  const advice = specialist.getByRole('region', { name: 'Advice' });
  await expect(advice.getByText('No advice yet.')).toBeVisible();
  await expectAccessible(specialist, 'an advice request to answer');
  await screenshot(specialist, 'advice-request-received');
  await advice.getByRole('button', { name: 'Write your advice' }).click();
  await expect(specialist).toHaveURL(new RegExp(`/referrals/${id}/report/[0-9a-f-]{36}$`));
  const reportUrl = new URL(specialist.url()).pathname;
  await expect(specialist.getByRole('textbox', { name: 'Title' })).toHaveValue('Advice');
  await specialist.getByRole('textbox', { name: 'Report' }).click();
  await specialist.keyboard.type(
    'Start bisoprolol 2.5 mg daily. Refer if palpitations persist after a month.',
  );
  await specialist.getByRole('button', { name: 'Send to the referrer' }).click();
  await expect(specialist.getByRole('heading', { level: 1, name: 'Advice' })).toBeVisible();

  // The GP reads the answer like any report, from the request's page.
  await gp.reload();
  const answer = gp.getByRole('region', { name: 'Advice' });
  await answer.locator(`a[href="${reportUrl}"]`).click();
  await expect(gp.getByText('Start bisoprolol 2.5 mg daily.')).toBeVisible();
  await gp.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(gp.getByText('Reviewed', { exact: true })).toBeVisible();
});

test('the specialist converts a request for advice into a referral, which keeps the question, and triages it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const question = 'Is an echocardiogram worth doing before you see her? Exertional breathlessness.';
  const id = await freshSubmittedReferral(browser, baseURL ?? '', {
    type: 'ADVICE_AND_GUIDANCE',
    referrer_message: question,
  });
  const specialist = await personIn(browser, baseURL ?? '', 'specialist@demo.test', `/referrals/${id}`);
  await expect(specialist.getByRole('heading', { level: 1, name: /^Advice request for / })).toBeVisible();
  await specialist.getByRole('button', { name: 'Convert to referral' }).click();
  const dialog = specialist.getByRole('dialog', { name: 'Convert this request into a referral?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(specialist, 'the convert dialog');
  await screenshot(specialist, 'advice-convert-dialog');
  await dialog.getByRole('button', { name: 'Convert to referral' }).click();
  await expect(dialog).toBeHidden();
  await expect(specialist.getByRole('heading', { level: 1, name: /^Referral for / })).toBeVisible();
  await expect(specialist.getByText(question)).toBeVisible();
  await expect(specialist.getByRole('button', { name: 'Convert to referral' })).toHaveCount(0);

  // Now a referral like any other: triaged and accepted.
  await specialist.getByRole('link', { name: 'Triage' }).click();
  await expect(specialist.getByRole('heading', { level: 1, name: 'Triage referral' })).toBeVisible();
  await expect(pageHeading(specialist, 'Triage details')).toBeVisible();
  await choose(specialist, 'Priority', 'Routine');
  await choose(specialist, 'Category', 'Category 2');
  await next(specialist, 'Scheduling');
  await specialist.getByRole('button', { name: 'Skip scheduling' }).click();
  await expect(pageHeading(specialist, 'Notifications')).toBeVisible();
  await next(specialist, 'Check and confirm');
  await specialist.getByRole('button', { name: 'Accept referral' }).click();
  await expect(specialist).toHaveURL(`/referrals/${id}`);
  await expect(specialist.getByText('Accepted', { exact: true })).toBeVisible();
});
