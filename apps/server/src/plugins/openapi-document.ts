import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import { FileUploadSchema } from '@referrals/domain/files/uploads';

type RouteSchema = FastifySchema & { hide?: boolean };
type ResponseSchemas = Record<string, unknown>;

/** What each error status means, whichever route answers it (api-conventions.md, Errors). */
const ERROR_DESCRIPTIONS: Record<string, string> = {
  400: 'The request is invalid: messages per field, nested like the body (non_field_errors for the whole).',
  401: 'Not signed in, or the sign-in has ended.',
  403: 'Signed in, but not allowed to do this.',
  404: 'Not found, or not visible to the caller.',
  409: 'In conflict with the saved state, such as a stale version.',
  413: 'The upload is larger than the limit.',
  428: 'The version of the record read was not sent.',
  429: 'Too many attempts; try again later.',
};

/**
 * Documents each route from its zod schemas (the type provider's transform), adding what the route's
 * declared access and inputs mean for every route alike, so no route has to repeat it: a route that is not
 * public answers 401 and needs the bearer token, one with an access rule answers 403, one that reads a
 * body or a query answers 400, and a multipart upload takes its file in the field `file`.
 */
export const documentRoute: SwaggerTransform<RouteSchema> = (document) => {
  const { schema, route, url } = document;
  if (!schema || schema.hide || !url.startsWith('/api/')) return jsonSchemaTransform(document);
  const access = route.config?.access;
  const response: ResponseSchemas = { ...(schema.response as ResponseSchemas | undefined) };
  if (access !== 'public') response[401] ??= DetailErrorSchema;
  if (typeof access === 'object') response[403] ??= DetailErrorSchema;
  const uploads = schema.consumes?.includes('multipart/form-data') === true;
  if (schema.body !== undefined || schema.querystring !== undefined || uploads) {
    response[400] ??= FieldErrorsSchema;
  }
  return jsonSchemaTransform({
    ...document,
    schema: {
      ...schema,
      security: access === 'public' ? [] : (schema.security ?? [{ bearer: [] }]),
      ...(uploads && schema.body === undefined ? { body: FileUploadSchema } : {}),
      response: Object.fromEntries(
        Object.entries(response).map(([status, answer]) => [status, describedError(status, answer)]),
      ),
    },
  });
};

/** An error answer given as a bare schema gets its status's description; anything else is left as it is. */
function describedError(status: string, answer: unknown): unknown {
  const description = ERROR_DESCRIPTIONS[status];
  if (description === undefined || (typeof answer === 'object' && answer !== null && 'content' in answer)) {
    return answer;
  }
  return { description, content: { 'application/json': { schema: answer as z.ZodType } } };
}

type OpenApiDocument = ReturnType<SwaggerTransformObject> & {
  components?: { schemas?: Record<string, unknown> };
};
const SCHEMA_REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * Adds the named shapes (openapi-components.ts) as components, keeping only those the operations use. The
 * type provider writes every named shape twice, as read from requests (`<Name>Input`) and as written in
 * responses (`<Name>`); a shape the API only reads from requests (PatientWrite) keeps its plain name.
 */
export const finishDocument: SwaggerTransformObject = (documentObject) => {
  const document = jsonSchemaTransformObject(documentObject) as OpenApiDocument;
  const schemas = document.components?.schemas ?? {};
  const refsIn = (value: unknown) => [...JSON.stringify(value).matchAll(SCHEMA_REF)].map((m) => m[1] ?? '');
  const used = new Set<string>();
  const pending = refsIn({ ...document, components: { ...document.components, schemas: {} } });
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...refsIn(schemas[name]));
  }
  const plainName = (name: string) => {
    const plain = name.replace(/Input$/, '');
    return used.has(plain) ? name : plain;
  };
  const kept = Object.fromEntries([...used].sort().map((name) => [plainName(name), schemas[name]]));
  const text = JSON.stringify({ ...document, components: { ...document.components, schemas: kept } });
  return JSON.parse(
    text.replace(SCHEMA_REF, (_ref, name: string) => `"#/components/schemas/${plainName(name)}"`),
  ) as OpenApiDocument;
};
