import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { signIn } from './sign-in-helpers';

/**
 * A person acting through the API in a browser context of their own, with the bearer token the app sends.
 * Specs use it to set up what they need (a fresh referral) rather than spend the shared demo data, which
 * the specs before them in the run may already have moved on.
 */
export type ApiSession = {
  request: APIRequestContext;
  headers: { Authorization: string };
  close: () => Promise<void>;
};

export async function apiSessionFor(browser: Browser, baseURL: string, email: string): Promise<ApiSession> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const token = new Promise<string>((resolve) => {
    page.on('request', (request) => {
      const authorization = request.headers().authorization;
      if (authorization && request.url().includes('/api/')) resolve(authorization);
    });
  });
  await signIn(page, { email });
  const headers = { Authorization: await token };
  return { request: context.request, headers, close: () => context.close() };
}

type ListedReferral = {
  patient: { id: string } | null;
  to_establishment: { id: string; name: string } | null;
  assignee: { id: string; name: string } | null;
};

/**
 * The demo GP sends a new referral to Dr James Chen at North Shore Heart Clinic for a patient of theirs,
 * through the API, submitted: new and unread in the specialist's inbox. Answers its id. `fields` adds to
 * the draft (a type and its message, for a request for advice).
 */
export async function freshSubmittedReferral(
  browser: Browser,
  baseURL: string,
  fields: { type?: string; referrer_message?: string } = {},
): Promise<string> {
  const gp = await apiSessionFor(browser, baseURL, 'gp@demo.test');
  const sent = await gp.request.get('/api/referrals/', {
    params: { box: 'outbox', page_size: 100 },
    headers: gp.headers,
  });
  expect(sent.ok()).toBe(true);
  const model = ((await sent.json()) as { results: ListedReferral[] }).results.find(
    (r) =>
      r.to_establishment?.name === 'North Shore Heart Clinic' && r.assignee !== null && r.patient !== null,
  );
  expect(model, 'a demo referral from the GP to North Shore Heart Clinic').toBeDefined();
  const created = await gp.request.post('/api/referrals/', {
    headers: gp.headers,
    data: {
      patient: model?.patient?.id,
      to_establishment: model?.to_establishment?.id,
      assignee: model?.assignee?.id,
      ...fields,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const submitted = await gp.request.post(`/api/referrals/${id}/submit/`, { headers: gp.headers });
  expect(submitted.status()).toBe(200);
  await gp.close();
  return id;
}
