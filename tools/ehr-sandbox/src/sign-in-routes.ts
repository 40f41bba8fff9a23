import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { LaunchContexts } from './launch-contexts.ts';
import { renderPatientPickerPage } from './pages/patient-picker-page.ts';
import { renderPage, sendPage } from './pages/page-frame.ts';
import { renderSignInPage } from './pages/sign-in-page.ts';
import { formatDate, patientName } from './patient-display.ts';
import { emailOf, findPractitioner, signInPractitioner } from './practitioner-accounts.ts';
import { PATIENTS } from './seed/patients.ts';
import { PRACTITIONERS } from './seed/practitioners.ts';
import { CONTEXT_SCOPES, grantableScopes, hasScope } from './smart-scopes.ts';
import { SIGN_IN_PATH } from './authorization-server.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const WRONG_CREDENTIALS = 'Wrong email or password.';
const EXPIRED = renderPage({
  heading: 'Sign-in expired',
  narrow: true,
  body: '<h1>Sign-in expired</h1><p>This sign-in is no longer open. Launch Referrals again from the sandbox record.</p><p><a href="/">Back to the patients</a></p>',
});

/**
 * The authorize step's interaction: the practitioner signs in, a standalone launch picks its patient, and
 * the grant is given for what the app asked (the sandbox has no consent screen).
 */
export function registerSignInRoutes(
  app: FastifyInstance,
  options: { provider: Provider; fhirBaseUrl: string; launches: LaunchContexts },
): void {
  const { provider, fhirBaseUrl, launches } = options;
  const accounts = PRACTITIONERS.map(emailOf);

  app.get(`${SIGN_IN_PATH}/:uid`, async (request, reply) => {
    const details = await interactionOf(request, reply);
    if (!details) return sendPage(reply, 400, EXPIRED);
    const practitionerId = launchOf(details)?.practitionerId;
    const practitioner = practitionerId ? findPractitioner(practitionerId) : undefined;
    return sendPage(
      reply,
      200,
      renderSignInPage({
        action: signInAction(details),
        email: practitioner ? emailOf(practitioner) : '',
        accounts,
      }),
    );
  });

  app.post<{ Body: { email?: string; password?: string } }>(
    `${SIGN_IN_PATH}/:uid`,
    async (request, reply) => {
      const details = await interactionOf(request, reply);
      if (!details) return sendPage(reply, 400, EXPIRED);
      const email = String(request.body?.email ?? '');
      const practitioner = signInPractitioner(email, String(request.body?.password ?? ''));
      if (!practitioner?.id)
        return sendPage(
          reply,
          401,
          renderSignInPage({ action: signInAction(details), email, error: WRONG_CREDENTIALS, accounts }),
        );
      if (!choosesPatient(details)) {
        // An EHR launch gives its patient only to an app that asked for launch context (the launch scope).
        const patientId = hasScope(scopeOf(details), 'launch')
          ? (launchOf(details)?.patientId ?? null)
          : null;
        return finish(request, reply, details, practitioner.id, patientId);
      }
      // The password was right; the sign-in waits on this interaction for the patient.
      details.result = { practitionerId: practitioner.id };
      await details.save(Math.max(60, (details.exp ?? 0) - Math.floor(Date.now() / 1000)));
      return sendPage(
        reply,
        200,
        renderPatientPickerPage({ action: patientAction(details), patients: patientChoices() }),
      );
    },
  );

  app.post<{ Body: { patient?: string } }>(`${SIGN_IN_PATH}/:uid/patient`, async (request, reply) => {
    const details = await interactionOf(request, reply);
    const practitionerId = (details?.result as { practitionerId?: string } | undefined)?.practitionerId;
    if (!details || !practitionerId) return sendPage(reply, 400, EXPIRED);
    const patient = PATIENTS.find((p) => p.id === request.body?.patient);
    if (!patient?.id)
      return sendPage(
        reply,
        400,
        renderPatientPickerPage({
          action: patientAction(details),
          patients: patientChoices(),
          error: 'Choose a patient.',
        }),
      );
    return finish(request, reply, details, practitionerId, patient.id);
  });

  function interactionOf(request: FastifyRequest, reply: FastifyReply): Promise<Interaction | undefined> {
    return provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
  }

  function launchOf(details: Interaction) {
    const launch = details.params.launch;
    return typeof launch === 'string' ? launches.find(launch) : undefined;
  }

  /** A standalone launch that asked for a patient (launch/patient) and has none from the record. */
  function choosesPatient(details: Interaction): boolean {
    return details.params.launch === undefined && hasScope(scopeOf(details), 'launch/patient');
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    details: Interaction,
    practitionerId: string,
    patientId: string | null,
  ) {
    const scopes = grantableScopes(scopeOf(details));
    const grant = new provider.Grant({
      accountId: practitionerId,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(
      scopes.filter((scope) => (CONTEXT_SCOPES as readonly string[]).includes(scope)).join(' '),
    );
    grant.addResourceScope(fhirBaseUrl, scopes.join(' '));
    const grantId = await grant.save();
    launches.rememberGrant(grantId, patientId);
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId: practitionerId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    return reply;
  }
}

function scopeOf(details: Interaction): string {
  return typeof details.params.scope === 'string' ? details.params.scope : '';
}

const signInAction = (details: Interaction) => `${SIGN_IN_PATH}/${details.uid}`;
const patientAction = (details: Interaction) => `${SIGN_IN_PATH}/${details.uid}/patient`;

function patientChoices() {
  return PATIENTS.map((patient) => ({
    id: patient.id ?? '',
    name: patientName(patient),
    born: formatDate(patient.birthDate),
  }));
}
