import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { backToSignIn, renderErrors, renderFields, renderMessage, sendPage } from './auth-form.ts';
import { renderAuthPage } from './login-page.ts';
import { renderTooManyRequestsPage } from './password-reset-pages.ts';
import { checkNewPassword, MIN_PASSWORD_LENGTH } from './password-rules.ts';
import { SIGN_UP_DONE, signUp, type SignUpInput } from './sign-up.ts';

const FIELDS = ['first_name', 'last_name', 'email', 'password', 'confirm_password'] as const;
type SignUpField = (typeof FIELDS)[number];
type SignUpErrors = Partial<Record<SignUpField, string>>;
type SignUpValues = Partial<Record<SignUpField, string>>;

const TITLE = 'Create an account';
const NAME_MAX = 100;
const EmailSchema = z.email().max(254);

/** Self sign-up for health professionals and practice staff; registration continues in the web app. */
export function registerSignUpRoutes(app: FastifyInstance): void {
  const publicUrl = app.config.publicUrl;

  app.get('/auth/signup', { schema: { hide: true } }, (_request, reply) =>
    sendPage(reply, 200, renderSignUpPage(publicUrl, {}, {})),
  );

  app.post('/auth/signup', { schema: { hide: true } }, async (request, reply) => {
    const values = readForm(request.body);
    const { input, errors } = checkSignUp(values);
    if (!input) return sendPage(reply, 400, renderSignUpPage(publicUrl, values, errors));
    const { throttled } = await signUp(app, request, input);
    if (throttled) return sendPage(reply, 429, renderTooManyRequestsPage(publicUrl, TITLE));
    return sendPage(
      reply,
      200,
      renderAuthPage({
        title: 'Check your email',
        lead: 'The link in the email works within 24 hours. If it does not arrive, check your junk mail folder.',
        body: `${renderMessage('success', SIGN_UP_DONE)}\n  ${backToSignIn(publicUrl)}`,
      }),
    );
  });
}

function readForm(body: unknown): SignUpValues {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const values: SignUpValues = {};
  for (const f of FIELDS) values[f] = typeof raw[f] === 'string' ? raw[f] : '';
  return values;
}

function checkSignUp(values: SignUpValues): { input?: SignUpInput; errors: SignUpErrors } {
  const firstName = (values.first_name ?? '').trim();
  const lastName = (values.last_name ?? '').trim();
  const email = (values.email ?? '').trim().toLowerCase();
  const password = values.password ?? '';
  const errors: SignUpErrors = {};
  if (!firstName) errors.first_name = 'Enter your first name.';
  else if (firstName.length > NAME_MAX) errors.first_name = `Use at most ${NAME_MAX} characters.`;
  if (!lastName) errors.last_name = 'Enter your last name.';
  else if (lastName.length > NAME_MAX) errors.last_name = `Use at most ${NAME_MAX} characters.`;
  if (!EmailSchema.safeParse(email).success) errors.email = 'Enter a valid email address.';
  Object.assign(errors, checkNewPassword(password, values.confirm_password ?? '', email));
  if (Object.keys(errors).length > 0) return { errors };
  return { input: { first_name: firstName, last_name: lastName, email, password }, errors };
}

function renderSignUpPage(publicUrl: string, values: SignUpValues, errors: SignUpErrors): string {
  return renderAuthPage({
    title: TITLE,
    lead: 'For health professionals and practice staff. After you verify your email address, sign in to complete your registration.',
    body: `<form method="post" action="/auth/signup" novalidate>
    ${renderErrors(FIELDS.map((f) => errors[f]))}
    ${renderFields([
      {
        name: 'first_name',
        label: 'First name',
        type: 'text',
        autocomplete: 'given-name',
        value: values.first_name ?? '',
        error: errors.first_name,
      },
      {
        name: 'last_name',
        label: 'Last name',
        type: 'text',
        autocomplete: 'family-name',
        value: values.last_name ?? '',
        error: errors.last_name,
      },
      {
        name: 'email',
        label: 'Email',
        type: 'email',
        autocomplete: 'email',
        value: values.email ?? '',
        error: errors.email,
      },
      {
        name: 'password',
        label: 'Password',
        type: 'password',
        autocomplete: 'new-password',
        hint: `At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.`,
        error: errors.password,
      },
      {
        name: 'confirm_password',
        label: 'Confirm password',
        type: 'password',
        autocomplete: 'new-password',
        error: errors.confirm_password,
      },
    ])}
    <button type="submit">Create account</button>
  </form>
  ${backToSignIn(publicUrl)}`,
  });
}
