import type { Resource } from '@medplum/fhirtypes';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fhirPatientOf } from '@referrals/domain/fhir/fhir-patient';
import { PatientListQuerySchema } from '@referrals/domain/patients/patient-schemas';
import { eq } from 'drizzle-orm';
import { referralAttachments } from '../../db/schema/referrals.ts';
import { reports } from '../../db/schema/reports.ts';
import { ApiError, notFound, permissionDenied, validationFailed } from '../../http/api-errors.ts';
import { isUuid } from '../../http/ids.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { identityUrls } from '../auth/oidc-provider.ts';
import { getEstablishment } from '../establishments/establishment-queries.ts';
import { patientReadCall } from '../patients/patient-call.ts';
import { readPatient } from '../patients/read-patient.ts';
import { searchPatients } from '../patients/search-patients.ts';
import { referralReadCall } from '../referrals/referral-call.ts';
import { callerOf, readerOf } from '../tenancy/caller.ts';
import { outsideLimitedMode } from '../tenancy/route-access.ts';
import { capabilityStatementOf } from './capability-statement.ts';
import { createFhirReferral } from './create-fhir-referral.ts';
import { searchsetOf } from './fhir-bundle.ts';
import { findPractitioner, organizationOf } from './fhir-directory.ts';
import { answerErrorsAsOperationOutcome } from './fhir-outcome.ts';
import { needsScope } from './fhir-scopes.ts';
import { documentReferenceOf, serviceRequestOf, taskOf } from './fhir-referral.ts';
import { findPractitionerRole, searchPractitionerRoles } from './fhir-practitioner-role.ts';
import {
  encodeCursor,
  FhirDocumentSearchSchema,
  FhirPatientSearchSchema,
  FhirPractitionerRoleSearchSchema,
  FhirReferralSearchSchema,
} from './fhir-search-params.ts';
import { readFhirReferral, type FhirReferral } from './read-fhir-referral.ts';
import { searchFhirDocuments } from './search-fhir-documents.ts';
import { searchFhirReferrals } from './search-fhir-referrals.ts';
import {
  ReferralBundleInputSchema,
  ServiceRequestInputSchema,
  type ServiceRequestInput,
} from './service-request-input.ts';

const IdParamsSchema = z.object({ id: z.string() });
const REFERRAL_RESOURCES: Record<
  'ServiceRequest' | 'Task',
  { kind: 'serviceRequest' | 'task'; of: (r: FhirReferral) => Resource }
> = {
  ServiceRequest: { kind: 'serviceRequest', of: (r) => serviceRequestOf(r.referral, r.documents) },
  Task: { kind: 'task', of: (r) => taskOf(r.referral) },
};

// A referral names the person who refers: a backend service, which is no person, reads and searches only.
const systemCannotCreate = () =>
  new ApiError(403, {
    detail:
      'A backend service cannot create a referral: a referral names the person who refers. Create it with ' +
      'the referrer’s own sign-in.',
  });

/**
 * The FHIR R4 API at /fhir (docs/interop.md): referrals as ServiceRequest and Task, their documents, the
 * patient, the practitioners, where they work (PractitionerRole) and organisations. The same tenancy, audit and errors as /api, the errors
 * as OperationOutcome. Described by its CapabilityStatement, not in the OpenAPI document. A person signs
 * in as in the app (a token with SMART scopes is held to them); a backend service of an establishment
 * (SMART Backend Services) reads as the establishment, within its system scopes.
 */
export const fhirRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const fhirBase = `${app.config.publicUrl}/fhir`;
  answerErrorsAsOperationOutcome(app);
  app.addContentTypeParser(
    'application/fhir+json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  const signedIn = { onRequest: [app.authenticateSmart] };
  const hide = { hide: true } as const;

  const issuer = app.config.externalIdentity ? undefined : identityUrls(app.config).issuer;
  app.get('/fhir/metadata', { schema: hide }, () => capabilityStatementOf(app.config.publicUrl, issuer));

  for (const [type, resource] of Object.entries(REFERRAL_RESOURCES)) {
    const resourceType = type as keyof typeof REFERRAL_RESOURCES;
    app.get(
      `/fhir/${type}/:id`,
      {
        ...signedIn,
        preHandler: needsScope([resourceType], 'r'),
        schema: { ...hide, params: IdParamsSchema },
      },
      async (request) =>
        resource.of(await readFhirReferral(db, await referralReadCall(request, request.params.id))),
    );

    app.get(
      `/fhir/${type}`,
      {
        ...signedIn,
        preHandler: needsScope([resourceType], 's'),
        schema: { ...hide, querystring: FhirReferralSearchSchema },
      },
      async (request) => {
        const caller = await readerOf(request);
        const { page, next } = await searchFhirReferrals(db, {
          caller,
          actor: auditActorOf(request, caller),
          kind: resource.kind,
          search: request.query,
        });
        return searchsetOf({
          request,
          fhirBase,
          resources: page.map(resource.of),
          next: next && { _cursor: encodeCursor(next) },
        });
      },
    );
  }

  const created = async (request: FastifyRequest, input: ServiceRequestInput, submit: boolean) => {
    if (request.system) throw systemCannotCreate();
    const caller = await callerOf(request);
    return createFhirReferral(db, { caller, actor: auditActorOf(request, caller), request: input, submit });
  };

  app.post(
    '/fhir/ServiceRequest',
    {
      ...signedIn,
      preHandler: needsScope(['ServiceRequest'], 'c'),
      schema: { ...hide, body: ServiceRequestInputSchema },
    },
    async (request, reply) => {
      const made = await created(request, request.body, request.body.status === 'active');
      const location = `${fhirBase}/ServiceRequest/${made.referral.id}/_history/${made.referral.version}`;
      return reply
        .status(201)
        .header('location', location)
        .send(serviceRequestOf(made.referral, made.documents));
    },
  );

  // A transaction Bundle of the ServiceRequest and its Task (AU eRequesting's order): one referral. FHIR's
  // base address, which clients write with or without the closing slash.
  for (const base of ['/fhir', '/fhir/']) {
    app.post(
      base,
      {
        ...signedIn,
        preHandler: needsScope(['ServiceRequest', 'Task'], 'c'),
        schema: { ...hide, body: ReferralBundleInputSchema },
      },
      async (request, reply) => {
        const [order, tracking] = request.body.entry;
        if (tracking.resource.focus.reference !== order.fullUrl) {
          throw validationFailed({
            entry: { 1: { resource: { focus: ['The Task’s focus is the ServiceRequest’s fullUrl.'] } } },
          });
        }
        const made = await created(
          request,
          { ...order.resource, status: 'active' },
          tracking.resource.status === 'requested',
        );
        const { id, version } = made.referral;
        const response = (type: string) => ({
          response: { status: '201 Created', location: `${type}/${id}/_history/${version}` },
        });
        return reply.status(200).send({
          resourceType: 'Bundle',
          type: 'transaction-response',
          entry: [response('ServiceRequest'), response('Task')],
        });
      },
    );
  }

  app.get(
    '/fhir/DocumentReference/:id',
    {
      ...signedIn,
      preHandler: needsScope(['DocumentReference'], 'r'),
      schema: { ...hide, params: IdParamsSchema },
    },
    async (request) => {
      const { id } = request.params;
      const referralId = await referralIdOfDocument(id);
      const found = await readFhirReferral(db, await referralReadCall(request, referralId ?? ''));
      const document = found.documents.find((d) => d.id === id);
      if (!document) throw notFound();
      return documentReferenceOf(found.referral, document, app.config.publicUrl);
    },
  );

  app.get(
    '/fhir/DocumentReference',
    {
      ...signedIn,
      preHandler: needsScope(['DocumentReference'], 's'),
      schema: { ...hide, querystring: FhirDocumentSearchSchema },
    },
    async (request) => {
      const caller = await readerOf(request);
      const { page, next } = await searchFhirDocuments(db, {
        caller,
        actor: auditActorOf(request, caller),
        search: request.query,
        publicUrl: app.config.publicUrl,
      });
      return searchsetOf({
        request,
        fhirBase,
        resources: page,
        next: next && { _cursor: encodeCursor(next) },
      });
    },
  );

  /** The referral a document id belongs to: the letter names it; an attachment or report is looked up. */
  async function referralIdOfDocument(id: string): Promise<string | null> {
    const [, kind, own] = /^(letter|attachment|report)-(.+)$/.exec(id) ?? [];
    if (!own || !isUuid(own)) return null;
    if (kind === 'letter') return own;
    const table = kind === 'attachment' ? referralAttachments : reports;
    const [row] = await db.select({ referral_id: table.referral_id }).from(table).where(eq(table.id, own));
    return row?.referral_id ?? null;
  }

  app.get(
    '/fhir/Patient',
    {
      ...signedIn,
      preHandler: needsScope(['Patient'], 's'),
      schema: { ...hide, querystring: FhirPatientSearchSchema },
    },
    async (request) => {
      const caller = await readerOf(request);
      const { family, given, birthdate, identifier, _count: pageSize, _page: page } = request.query;
      const { count, results } = await searchPatients(db, {
        caller,
        actor: auditActorOf(request, caller),
        query: PatientListQuerySchema.parse({
          ...(family ? { lname: family } : {}),
          ...(given ? { fname: given } : {}),
          ...(birthdate ? { dob: birthdate } : {}),
          ...identifier,
          status: 'all',
          page,
          page_size: pageSize,
        }),
      });
      return searchsetOf({
        request,
        fhirBase,
        // domain's FhirPatient is typed loosely (domain takes no FHIR types); the tests validate the result.
        resources: results.map((patient) => fhirPatientOf(patient, (id) => `Organization/${id}`) as Resource),
        next: page * pageSize < count ? { _page: String(page + 1) } : null,
      });
    },
  );

  app.get(
    '/fhir/Patient/:id',
    {
      ...signedIn,
      preHandler: needsScope(['Patient'], 'r'),
      schema: { ...hide, params: IdParamsSchema },
    },
    async (request) => {
      const patient = await readPatient(db, await patientReadCall(request, request.params.id));
      return fhirPatientOf(patient, (id) => `Organization/${id}`);
    },
  );

  app.get(
    '/fhir/Organization/:id',
    {
      ...signedIn,
      preHandler: needsScope(['Organization'], 'r'),
      schema: { ...hide, params: IdParamsSchema },
    },
    async (request) => {
      const caller = await readerOf(request);
      if (!isUuid(request.params.id)) throw notFound();
      const found = await getEstablishment(db, caller, request.params.id, {
        publicUrl: app.config.publicUrl,
        includeDoctors: false,
      });
      if (!found) throw notFound();
      return organizationOf(found);
    },
  );

  app.get(
    '/fhir/Practitioner/:id',
    {
      ...signedIn,
      preHandler: needsScope(['Practitioner'], 'r'),
      schema: { ...hide, params: IdParamsSchema },
    },
    async (request) => {
      await readsDirectory(request);
      const found = isUuid(request.params.id) ? await findPractitioner(db, request.params.id) : undefined;
      if (!found) throw notFound();
      return found;
    },
  );

  app.get(
    '/fhir/PractitionerRole/:id',
    {
      ...signedIn,
      preHandler: needsScope(['PractitionerRole'], 'r'),
      schema: { ...hide, params: IdParamsSchema },
    },
    async (request) => {
      await readsDirectory(request);
      const found = isUuid(request.params.id) ? await findPractitionerRole(db, request.params.id) : undefined;
      if (!found) throw notFound();
      return found;
    },
  );

  app.get(
    '/fhir/PractitionerRole',
    {
      ...signedIn,
      preHandler: needsScope(['PractitionerRole'], 's'),
      schema: { ...hide, querystring: FhirPractitionerRoleSearchSchema },
    },
    async (request) => {
      await readsDirectory(request);
      const { page, more } = await searchPractitionerRoles(db, request.query);
      return searchsetOf({
        request,
        fhirBase,
        resources: page,
        next: more ? { _page: String(request.query._page + 1) } : null,
      });
    },
  );

  /**
   * Whom the Providers list is for, which Practitioner and PractitionerRole read: a patient, or a PA or PM at
   * their personal space, is refused. A backend service reads it as its establishment's staff do.
   */
  async function readsDirectory(request: FastifyRequest): Promise<void> {
    if (!request.system && !outsideLimitedMode.allows(await callerOf(request))) throw permissionDenied();
  }

  // Anything else under /fhir is not a resource here: FHIR's 404, not the web app.
  app.all('/fhir/*', { schema: hide }, () => {
    throw notFound();
  });
  done();
};
