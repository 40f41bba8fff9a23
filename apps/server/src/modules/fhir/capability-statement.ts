import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import { APP_VERSION } from '@referrals/domain/constants';

const READ = [{ code: 'read' }] as const;
const COUNT = {
  name: '_count',
  type: 'number',
  documentation: 'Page size, 1 to 100 (20 when absent).',
} as const;
const LAST_UPDATED = {
  name: '_lastUpdated',
  type: 'date',
  documentation: 'eq, ge, gt, le or lt; may repeat.',
} as const;
const PATIENT = {
  name: 'patient',
  type: 'reference',
  documentation: 'Patient/{id}; `subject` is the same.',
} as const;
const REFERRAL_SEARCH = [
  { name: '_id', type: 'token', documentation: 'One or more ids, separated by commas.' },
  PATIENT,
  { name: 'status', type: 'token', documentation: 'The resource’s own status codes (docs/interop.md).' },
  LAST_UPDATED,
  COUNT,
] as const;

/**
 * SMART's extension naming the authorization server's addresses in the CapabilityStatement, which SMART
 * clients read as well as `/.well-known/smart-configuration` (fhir-kit-client's smartAuthMetadata does).
 */
const SMART_OAUTH_URIS = 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris';

/**
 * What the FHIR API offers, answered at /fhir/metadata (docs/interop.md lists the same). `issuer` is the
 * built-in provider's, whose endpoints the statement names; absent with an external one.
 */
export function capabilityStatementOf(publicUrl: string, issuer?: string): CapabilityStatement {
  const referralResource = (type: 'ServiceRequest' | 'Task'): CapabilityStatementRestResource => ({
    type,
    interaction: [
      ...READ,
      { code: 'search-type' },
      ...(type === 'ServiceRequest' ? [{ code: 'create' as const }] : []),
    ],
    searchParam: [...REFERRAL_SEARCH],
  });
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-28',
    kind: 'instance',
    software: { name: 'Referrals', version: APP_VERSION },
    implementation: { description: 'Referrals FHIR API', url: `${publicUrl}/fhir` },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json'],
    rest: [
      {
        mode: 'server',
        interaction: [{ code: 'transaction' }],
        documentation:
          'A referral is a ServiceRequest with a Task that follows its lifecycle (AU eRequesting). A caller sees ' +
          'what their current establishment sees in the app, a backend service what its establishment sees; ' +
          'anything else is a 404.',
        security: {
          ...(issuer
            ? {
                extension: [
                  {
                    url: SMART_OAUTH_URIS,
                    extension: [
                      { url: 'authorize', valueUri: `${issuer}/authorize` },
                      { url: 'token', valueUri: `${issuer}/oauth/token` },
                      { url: 'revoke', valueUri: `${issuer}/oauth/revoke` },
                    ],
                  },
                ],
              }
            : {}),
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
          description:
            `Bearer access tokens from ${publicUrl}/auth (OpenID Connect): a person's, held to its SMART user ` +
            'scopes when it carries any, or a backend service’s (SMART Backend Services: client credentials ' +
            'with a private_key_jwt assertion, RS384 or ES384), which reads as its establishment within its ' +
            `system scopes. Discovery: ${publicUrl}/fhir/.well-known/smart-configuration.`,
        },
        resource: [
          referralResource('ServiceRequest'),
          referralResource('Task'),
          {
            type: 'DocumentReference',
            interaction: [...READ, { code: 'search-type' }],
            searchParam: [
              PATIENT,
              { name: 'related', type: 'reference', documentation: 'ServiceRequest/{id}: one referral’s.' },
              {
                ...LAST_UPDATED,
                documentation: 'The referral’s last change; eq, ge, gt, le or lt; may repeat.',
              },
              COUNT,
            ],
          },
          {
            type: 'Patient',
            interaction: [...READ, { code: 'search-type' }],
            searchParam: [
              { name: 'family', type: 'string', documentation: 'The family name starts with this.' },
              { name: 'given', type: 'string', documentation: 'A given name starts with this.' },
              { name: 'birthdate', type: 'date', documentation: 'YYYY-MM-DD (eq only).' },
              {
                name: 'identifier',
                type: 'token',
                documentation: 'A Medicare number (its AU Base system) or, without a system, an MRN.',
              },
              COUNT,
            ],
          },
          { type: 'Practitioner', interaction: [...READ] },
          {
            type: 'PractitionerRole',
            interaction: [...READ, { code: 'search-type' }],
            searchParam: [
              { name: 'practitioner', type: 'reference', documentation: 'Practitioner/{id}.' },
              { name: 'organization', type: 'reference', documentation: 'Organization/{id}.' },
              COUNT,
            ],
          },
          { type: 'Organization', interaction: [...READ] },
        ],
      },
    ],
  };
}
