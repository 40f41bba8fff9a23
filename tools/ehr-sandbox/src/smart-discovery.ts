import type { FastifyInstance } from 'fastify';
import type { CapabilityStatement } from '@medplum/fhirtypes';
import { sendFhir, sendUnavailable } from './fhir-responses.ts';
import type { FailureSwitches } from './sandbox-failures.ts';
import { CONTEXT_SCOPES } from './smart-scopes.ts';

export type SmartUrls = { fhirBaseUrl: string; issuer: string };

/**
 * What an app reads before it launches: the SMART configuration (SMART App Launch 2.0, Conformance) and
 * the FHIR CapabilityStatement, both open without a token.
 */
export function registerSmartDiscovery(
  app: FastifyInstance,
  options: SmartUrls & { failures: FailureSwitches },
): void {
  const { fhirBaseUrl, issuer, failures } = options;

  app.get('/fhir/.well-known/smart-configuration', async (_request, reply) => {
    if (failures.fhirFailure() === 'down') return sendUnavailable(reply);
    return reply.type('application/json').send(smartConfiguration({ fhirBaseUrl, issuer }));
  });

  app.get('/fhir/metadata', async (_request, reply) => {
    if (failures.fhirFailure() === 'down') return sendUnavailable(reply);
    return sendFhir(reply, 200, capabilityStatement({ fhirBaseUrl, issuer }));
  });
}

function smartConfiguration({ issuer }: SmartUrls) {
  return {
    issuer,
    jwks_uri: `${issuer}/jwks`,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [...CONTEXT_SCOPES, 'patient/*.rs', 'patient/*.cruds', 'user/*.rs', 'user/*.cruds'],
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    id_token_signing_alg_values_supported: ['RS256'],
    capabilities: [
      'launch-ehr',
      'launch-standalone',
      'client-public',
      'context-ehr-patient',
      'context-standalone-patient',
      'permission-v2',
      'sso-openid-connect',
      'permission-offline',
    ],
  };
}

const RESOURCE_TYPES = [
  'Patient',
  'Practitioner',
  'PractitionerRole',
  'Organization',
  'Condition',
  'MedicationStatement',
  'AllergyIntolerance',
  'Observation',
  'FamilyMemberHistory',
  'Procedure',
  'DocumentReference',
  'Binary',
] as const;

function capabilityStatement({ fhirBaseUrl, issuer }: SmartUrls): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: new Date().toISOString().slice(0, 10),
    kind: 'instance',
    software: { name: 'Sandbox clinical record' },
    implementation: { description: 'Sandbox clinical record for Referrals development', url: fhirBaseUrl },
    fhirVersion: '4.0.1',
    format: ['json'],
    rest: [
      {
        mode: 'server',
        security: {
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [
                { url: 'authorize', valueUri: `${issuer}/authorize` },
                { url: 'token', valueUri: `${issuer}/token` },
              ],
            },
          ],
        },
        resource: RESOURCE_TYPES.map((type) => ({
          type,
          interaction: [
            { code: 'read' },
            { code: 'search-type' },
            ...(type === 'DocumentReference' || type === 'Binary' ? [{ code: 'create' as const }] : []),
          ],
        })),
      },
    ],
  };
}
