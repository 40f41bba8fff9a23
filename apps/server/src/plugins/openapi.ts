import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@referrals/domain/constants';
import { nameSharedSchemas } from './openapi-components.ts';
import { documentRoute, finishDocument } from './openapi-document.ts';

/** `/api/openapi.json` (OpenAPI 3.1, generated from the route schemas) and its rendering at `/api/docs`. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  nameSharedSchemas();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Referrals API',
        version: APP_VERSION,
        description:
          'Create, send, triage and track referrals between Australian healthcare establishments. ' +
          'Conventions: snake_case bodies, coded values as {value, display}, 1-based paging, DRF-style errors.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: documentRoute,
    transformObject: finishDocument,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list' },
    staticCSP: true,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
