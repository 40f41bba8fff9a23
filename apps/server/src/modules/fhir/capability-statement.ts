import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import { APP_VERSION } from '@referrals/domain/constants';

const READ = [{ code: 'read' }] as const;
const REFERRAL_SEARCH = [
  { name: '_id', type: 'token', documentation: 'One or more ids, separated by commas.' },
  { name: 'patient', type: 'reference', documentation: 'Patient/{id}; `subject` is the same.' },
  { name: 'status', type: 'token', documentation: 'The resource’s own status codes (docs/interop.md).' },
  { name: '_lastUpdated', type: 'date', documentation: 'eq, ge, gt, le or lt; may repeat.' },
  { name: '_count', type: 'number', documentation: 'Page size, 1 to 100 (20 when absent).' },
] as const;

/** What the FHIR API offers, answered at /fhir/metadata (docs/interop.md lists the same). */
export function capabilityStatementOf(publicUrl: string): CapabilityStatement {
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
          'what their current establishment sees in the app; anything else is a 404.',
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
          description: `Bearer access tokens from ${publicUrl}/auth (OpenID Connect).`,
        },
        resource: [
          referralResource('ServiceRequest'),
          referralResource('Task'),
          { type: 'DocumentReference', interaction: [...READ] },
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
              { name: '_count', type: 'number', documentation: 'Page size, 1 to 100 (20 when absent).' },
            ],
          },
          { type: 'Practitioner', interaction: [...READ] },
          { type: 'Organization', interaction: [...READ] },
        ],
      },
    ],
  };
}
