import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HTTPMethod } from 'find-my-way';
import FindMyWay from 'find-my-way';
import { methodNotAllowed, notFound } from './api-errors.ts';

/** Every route the app serves, as registered; the OpenAPI test checks each /api/ one is documented. */
export type RouteTable = { method: string; url: string; hidden: boolean }[];
export type KnownPaths = { router: ReturnType<typeof FindMyWay>; routes: RouteTable };

/**
 * Unknown /api/ paths answer a JSON 404, and a known path with the wrong method a 405 (Fastify alone
 * answers 404 for both). Other paths are left to `fallback`, which serves the web app.
 */
export function trackRoutes(app: FastifyInstance): KnownPaths {
  // A shadow router of every route's path, asked only on a miss, tells "wrong method" from "no such path".
  const router = FindMyWay({ ignoreTrailingSlash: false });
  const routes: RouteTable = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const m = method.toUpperCase() as HTTPMethod;
      routes.push({ method: m, url: route.url, hidden: route.schema?.hide === true });
      if (!router.hasRoute(m, route.url)) router.on(m, route.url, () => undefined);
    }
  });
  return { router, routes };
}

/** Call after every route is registered; `known` must come from `trackRoutes` called before them. */
export function registerNotFound(
  app: FastifyInstance,
  knownPaths: KnownPaths,
  fallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply,
): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Machines read /.well-known/ addresses (RFC 8615): a miss there is JSON too, never the web app's page.
    const isApi = /^\/(api(\/|$)|auth\/|\.well-known\/)/.test(path);
    if (!isApi && fallback) return fallback(request, reply);
    const otherMethod = (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).some(
      (method) => method !== request.method && knownPaths.router.find(method, path) !== null,
    );
    const error = otherMethod ? methodNotAllowed(request.method) : notFound();
    return reply.status(error.statusCode).send(error.body);
  });
}
