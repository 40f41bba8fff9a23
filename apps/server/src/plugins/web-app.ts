import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  RUNTIME_CONFIG_ELEMENT_ID,
  RUNTIME_CONFIG_PLACEHOLDER,
  builtInAuthConfig,
  type RuntimeAuthConfig,
  type RuntimeConfig,
} from '@referrals/domain/runtime-config';
import type { Config } from '../config.ts';

/**
 * Where the web app signs in: the built-in provider under /auth, or with OIDC_ISSUER the external
 * provider, whose access tokens the API then accepts (README, An external sign-in provider).
 */
export function runtimeAuthConfig(config: Pick<Config, 'publicUrl' | 'externalIdentity'>): RuntimeAuthConfig {
  const external = config.externalIdentity;
  return external
    ? { issuer: external.issuer, client_id: external.clientId, audience: external.audience, external: true }
    : builtInAuthConfig(config.publicUrl);
}

/**
 * Serves the built web app: hashed assets precompressed and cached for a year, and index.html for every other GET so a deep
 * link such as /referrals/inbox/all opens the app at that screen. Returns the fallback for the not-found
 * handler, or undefined when there is no build (API-only runs).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | undefined,
  runtimeConfig: RuntimeConfig,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | undefined> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  if (!webDist || !indexFile || !existsSync(indexFile)) {
    app.log.warn({ webDist }, 'no built web app found; serving the API only');
    return undefined;
  }
  const indexHtml = withRuntimeConfig(readFileSync(indexFile, 'utf8'), runtimeConfig);
  // The page is the same until the server restarts, and the not-found handler that sends it is no route
  // that @fastify/compress could hook: compressed once, here.
  const compressedIndex = { br: brotliCompressSync(indexHtml), gzip: gzipSync(indexHtml) };

  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (apps/web/precompress.ts); sent when the browser
    // accepts them, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ detail: 'Not found.' });
    }
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(indexHtml);
    return reply.header('Content-Encoding', encoding).send(compressedIndex[encoding]);
  };
}

/** brotli, else gzip, when the browser accepts it (a q=0 refuses). */
function preferredEncoding(accepted: string | undefined): 'br' | 'gzip' | undefined {
  const offered = new Set(
    (accepted ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (offered.has('br')) return 'br';
  if (offered.has('gzip')) return 'gzip';
  return undefined;
}

function withRuntimeConfig(html: string, config: RuntimeConfig): string {
  // JSON inside <script> must not be able to close the element.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const tag = `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
  return html.includes(RUNTIME_CONFIG_PLACEHOLDER)
    ? html.replace(RUNTIME_CONFIG_PLACEHOLDER, tag)
    : html.replace('</head>', `${tag}</head>`);
}
