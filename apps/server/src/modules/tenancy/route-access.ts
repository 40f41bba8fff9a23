import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
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
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') inventory.push({ method, url: route.url, access });
    }
    if (access === undefined || access === 'public') return;
    const others = [route.preHandler ?? []].flat().filter((handler) => handler !== app.authenticate);
    const guards: preHandlerHookHandler[] = [app.authenticate];
    if (access !== 'signed-in') guards.push(requireRule(access));
    route.preHandler = [...guards, ...others];
  });
}

function requireRule(rule: AccessRule): preHandlerHookHandler {
  return async function accessRule(request: FastifyRequest, _reply: FastifyReply) {
    const caller = await callerOf(request);
    if (!rule.allows(caller)) throw permissionDenied();
  };
}
