import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { isLimitedMode } from '@referrals/domain/people/access-rules';
import { permissionDenied } from '../../http/api-errors.ts';
import { callerOf, type Caller } from './caller.ts';

/**
 * Every /api/ route says who may call it, in its `config.access`:
 * - `'public'`: anyone, signed in or not; such routes are listed in PUBLIC_ROUTES and a test holds them to it;
 * - `'signed-in'`: any signed-in user (what they may then see is narrowed by the visibility functions);
 * - a rule: a signed-in user for whom the rule holds, else 403.
 * Declaring access is what attaches the checks, so a route cannot say it is guarded and forget the guard.
 */
export type AccessRule = { name: string; allows: (caller: Caller) => boolean };
export type RouteAccess = 'public' | 'signed-in' | AccessRule;

/**
 * For providers only: a patient or carer (a user without a provider role) is refused (403). The
 * directory, the Providers list, creating establishments and joining them (registration too) use it.
 */
export const providerOnly: AccessRule = {
  name: 'provider',
  allows: (caller: Caller) => caller.role !== null,
};

/**
 * For providers outside the PA and PM limited mode (spec section 2 Layout): at their personal establishment
 * a practice administrator or manager has only Help Desk, Dashboard and Settings, and the API holds them to
 * it as the web does. The directory and the Providers list use it.
 */
export const outsideLimitedMode: AccessRule = {
  name: 'provider outside the limited mode',
  allows: (caller: Caller) => caller.role !== null && !isLimitedMode(caller.access),
};

/**
 * Acting for the current establishment's records: there is one, and it is not the limited mode. Lists and
 * creates of patients (and referrals) use it; a patient user or a PA at their personal space gets 403.
 */
export const actsForAnEstablishment: AccessRule = {
  name: 'acts for an establishment',
  allows: (caller) => caller.current !== null && !isLimitedMode(caller.access),
};

/** The platform administrators' calls: the approval queue, approving and verifying establishments. */
export const platformAdminOnly: AccessRule = {
  name: 'platform-admin',
  allows: (caller: Caller) => caller.isPlatformAdmin,
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** A route of the inventory and the access it declared (undefined when it declared none). */
export type RouteAccessEntry = { method: string; url: string; access: RouteAccess | undefined };

declare module 'fastify' {
  interface FastifyInstance {
    routeAccess: RouteAccessEntry[];
  }
}

export function registerRouteAccess(app: FastifyInstance): void {
  const inventory: RouteAccessEntry[] = [];
  app.decorate('routeAccess', inventory);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access ?? (isApiDescription(route.url) ? 'public' : undefined);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') inventory.push({ method, url: route.url, access });
    }
    if (access === undefined || access === 'public') return;
    // Signing in is checked on request, before the body is validated, so a caller without a token learns
    // that (401) rather than what the body lacks; the rule needs the caller and runs before the handler.
    const others = [route.preHandler ?? []].flat().filter((handler) => handler !== app.authenticate);
    route.onRequest = [app.authenticate, ...[route.onRequest ?? []].flat()];
    route.preHandler = access === 'signed-in' ? others : [requireRule(access), ...others];
  });
}

function requireRule(rule: AccessRule): preHandlerAsyncHookHandler {
  return async function accessRule(request: FastifyRequest, _reply: FastifyReply) {
    const caller = await callerOf(request);
    if (!rule.allows(caller)) throw permissionDenied();
  };
}

/** The OpenAPI description and its viewer (plugins/openapi.ts) describe the API to anyone; they hold no data. */
function isApiDescription(url: string): boolean {
  return url === '/api/docs' || url.startsWith('/api/docs/') || url === '/api/openapi.json';
}
