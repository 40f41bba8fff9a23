import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { FastifyRequest } from 'fastify';

/**
 * A searchset Bundle of one page: each entry with its full URL, `self` as asked and `next` with the
 * parameters that ask for the following page (FHIR's paging: the client follows the links, never builds
 * them).
 */
export function searchsetOf(options: {
  request: FastifyRequest;
  fhirBase: string;
  resources: Resource[];
  next: Record<string, string> | null;
}): Bundle {
  const { request, fhirBase, resources, next } = options;
  const asked = new URL(request.url, 'http://host');
  const self = `${fhirBase}${asked.pathname.replace(/^\/fhir/, '')}${asked.search}`;
  const link = [{ relation: 'self', url: self }];
  if (next) {
    const following = new URL(self);
    for (const [name, value] of Object.entries(next)) following.searchParams.set(name, value);
    link.push({ relation: 'next', url: following.toString() });
  }
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    link,
    entry: resources.map((resource) => ({
      fullUrl: `${fhirBase}/${resource.resourceType}/${resource.id}`,
      resource,
      search: { mode: 'match' },
    })),
  };
}
