import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';

/**
 * Signs in the way the web app does, through the real provider: discovery, PKCE authorize, the login
 * form, the code exchange. Keeps cookies like a browser would (without path scoping, which no test needs).
 */
export class SignInClient {
  readonly cookies = new Map<string, string>();
  /** `ip` is the browser's address as the server's socket sees it (tests of per-address limits). */
  constructor(
    private readonly app: FastifyInstance,
    private readonly ip?: string,
  ) {}

  async request(
    method: 'GET' | 'POST',
    url: string,
    body?: Record<string, string>,
    headers: Record<string, string> = {},
  ) {
    const target = new URL(url, this.app.config.publicUrl);
    const response = await this.app.inject({
      method,
      url: `${target.pathname}${target.search}`,
      ...(this.ip ? { remoteAddress: this.ip } : {}),
      headers: {
        host: target.host,
        // A browser adds this to every request and no page script can take it off; the token route keeps
        // the refresh token in its cookie for requests that carry it.
        'sec-fetch-site': 'same-origin',
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      ...(body ? { payload: new URLSearchParams(body).toString() } : {}),
    });
    this.keepCookies(response);
    return response;
  }

  private keepCookies(response: InjectResponse) {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }[]) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  /** Starts a sign-in and returns the login form's response and its action. */
  async openLoginForm(extra: Record<string, string> = {}) {
    const discovery = (await this.request('GET', '/auth/.well-known/openid-configuration')).json<{
      authorization_endpoint: string;
      token_endpoint: string;
    }>();
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(8).toString('hex');
    const query = new URLSearchParams({
      client_id: 'referrals-web',
      response_type: 'code',
      redirect_uri: `${this.app.config.publicUrl}/authorize`,
      scope: 'openid profile email offline_access',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state,
      prompt: 'login',
      ...extra,
    });
    const { form, action } = await this.openLoginFormAt(
      `${discovery.authorization_endpoint}?${query.toString()}`,
    );
    return { form, action, verifier, state, tokenEndpoint: discovery.token_endpoint };
  }

  /** Opens an authorization address (made by any client) and returns the login form it leads to. */
  async openLoginFormAt(authorizationUrl: string) {
    const authorize = await this.request('GET', authorizationUrl);
    const form = await this.request('GET', String(authorize.headers.location));
    const action = /action="([^"]+)"/.exec(form.body)?.[1] ?? '';
    return { form, action };
  }

  /** Submits the login form; returns the form's answer (a redirect on success). */
  async submitLogin(action: string, email: string, password: string) {
    return this.request('POST', action, { email, password });
  }

  /** The whole sign-in; returns the token response (the refresh token stays in the cookie jar). */
  async signIn(email: string, password: string, mfaCode?: () => string) {
    const { action, verifier, state, tokenEndpoint } = await this.openLoginForm();
    const returned = await this.logInAndReturn(action, email, password, mfaCode);
    if (returned.searchParams.get('state') !== state) throw new Error('state mismatch');
    const token = await this.request('POST', tokenEndpoint, {
      grant_type: 'authorization_code',
      client_id: 'referrals-web',
      code: returned.searchParams.get('code') ?? '',
      code_verifier: verifier,
      redirect_uri: `${this.app.config.publicUrl}/authorize`,
    });
    return token;
  }

  /**
   * Logs in on the form at `action` and follows the provider's redirects until it hands the browser back to
   * the registered return address; returns that address, with the code and state.
   */
  async logInAndReturn(action: string, email: string, password: string, mfaCode?: () => string) {
    let login = await this.submitLogin(action, email, password);
    const mfaAction = /action="([^"]+\/mfa)"/.exec(login.body)?.[1];
    if (login.statusCode === 200 && mfaAction && mfaCode)
      login = await this.request('POST', mfaAction, { code: mfaCode() });
    if (login.statusCode !== 303) throw new Error(`sign-in refused with ${login.statusCode}`);
    let location = String(login.headers.location);
    while (!location.startsWith(`${this.app.config.publicUrl}/authorize`)) {
      location = String((await this.request('GET', location)).headers.location);
    }
    return new URL(location);
  }

  async refresh() {
    return this.request('POST', '/auth/oauth/token', {
      grant_type: 'refresh_token',
      client_id: 'referrals-web',
    });
  }
}

/** Signs the user in through the real flow and returns an `inject` helper carrying their access token. */
export async function signedInAs(app: FastifyInstance, email: string, password: string) {
  const client = new SignInClient(app);
  const token = await client.signIn(email, password);
  if (token.statusCode !== 200) throw new Error(`token exchange failed with ${token.statusCode}`);
  const accessToken = String(token.json<{ access_token: string }>().access_token);
  const headers = { authorization: `Bearer ${accessToken}` };
  const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  // The headers too, for requests the helper does not build (multipart uploads).
  return Object.assign(api, { headers });
}
