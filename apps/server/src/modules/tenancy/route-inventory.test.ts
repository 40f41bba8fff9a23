import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

/**
 * The routes anyone may call without signing in. Adding one here is a decision to review: it serves data
 * to the whole internet.
 */
const PUBLIC_ROUTES = [
  'GET /api/health',
  // Whether the service is down for maintenance, with the administrator's note for the maintenance page
  // (maintenance/maintenance-switch.test.ts): nothing about anyone.
  'GET /api/public/maintenance/',
  'GET /api/public/establishments/',
  'GET /api/public/establishments/:id/branding-logo/',
  // A published referral portal (docs/portals.md): the same 404 for one switched off as for none.
  'GET /api/public/establishments/:id/branding/',
  'GET /api/public/establishments/:id/form-templates/',
  // A health network's published portal (docs/portals.md, Health network portals): what its page shows
  // anyone, and the same 404 for one switched off as for none (portals/networks/health-networks.test.ts).
  'GET /api/public/organisations/',
  'GET /api/public/organisations/:id/',
  'GET /api/public/organisations/:id/establishments/',
  'GET /api/public/organisation/:id/branding/',
  'GET /api/public/organisation/:id/logo/',
  'GET /api/public/branding/:id/',
  'GET /api/public/health-network/:host/',
  'GET /api/public/form-templates/',
  // An external referral's draft on a published portal: made by anyone, then opened only by its secret
  // (X-Draft-Token); a wrong one, another portal's draft or an expired one is the same 404
  // (portals/external/external-drafts.test.ts).
  'POST /api/public/establishments/:id/referrals/',
  'POST /api/public/referrals/',
  'GET /api/public/establishments/:id/referrals/:ref/',
  'PATCH /api/public/establishments/:id/referrals/:ref/',
  'GET /api/public/establishments/:id/referrals/:ref/verification-code/',
  'POST /api/public/establishments/:id/referrals/:ref/submit/',
  'GET /api/public/establishments/:id/referrals/:ref/referrer-attachments/',
  'POST /api/public/establishments/:id/referrals/:ref/referrer-attachments/',
  'PATCH /api/public/establishments/:id/referrals/:ref/referrer-attachments/:att/',
  'DELETE /api/public/establishments/:id/referrals/:ref/referrer-attachments/:att/',
  // A launch from a clinical record (docs/clinical-record.md), before anyone is signed in: it only talks to
  // the record systems CLINICAL_RECORD_SYSTEMS names, and finishes only with the state it started
  // (clinical-record/clinical-record-launch.test.ts).
  'POST /api/clinical-record/launches/',
  'POST /api/clinical-record/launches/complete/',
  // The public forms' captcha: a signed challenge, no data.
  'GET /api/public/captcha/',
  // Access without an account (docs/external-access.md): opened only by an emailed link's token and then a
  // verified session; an unknown, expired, locked or other referral's token is the same 404
  // (external-access/referral-access-links.test.ts).
  'GET /api/referrals/external/',
  'POST /api/referrals/external/',
  'GET /api/referrals/external/refresh-access/',
  'POST /api/referrals/external/share/',
  'GET /api/public/referrals/consent/',
  'PUT /api/public/referrals/consent/',
  'GET /api/public/referrals/patient-attachments/',
  'PUT /api/public/referrals/patient-attachments/',
  'GET /api/reports/external/',
  'POST /api/reports/external/',
  'GET /api/reports/external/refresh-access/',
];

/** The OpenAPI description and its viewer are public by design (route-access.ts). */
const isApiDescription = (url: string) => url.startsWith('/api/docs') || url === '/api/openapi.json';

describe('the route inventory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  it('has an access rule on every API route', () => {
    const undeclared = t.app.routeAccess
      .filter((route) => route.access === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('sees every API route the app serves', () => {
    const served = t.app.routeTable
      .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    const inventoried = t.app.routeAccess.map((route) => `${route.method} ${route.url}`);
    expect(new Set(inventoried)).toEqual(new Set(served));
  });

  it('serves signed out exactly the routes listed as public', () => {
    const publicRoutes = t.app.routeAccess
      .filter((route) => route.access === 'public' && !isApiDescription(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(publicRoutes).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers 401 without a token on every route that is not public', async () => {
    const guarded = t.app.routeAccess.filter((route) => route.access !== 'public');
    expect(guarded.length).toBeGreaterThan(20);
    for (const route of guarded) {
      const url = route.url.replace(/:[a-z_]+/gi, '00000000-0000-4000-8000-000000000000');
      const response = await t.app.inject({ method: route.method as 'GET', url });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
