import type { FastifyInstance } from 'fastify';

/** How long a client should wait before it asks again: another process, or this one restarted, answers. */
export const CLOSING_RETRY_AFTER_SECONDS = 1;
const CLOSING_DETAIL = 'The service is briefly unavailable. Please try again in a few seconds.';

/**
 * How the app stops taking requests when it closes (SIGTERM in main.ts; docs/ARCHITECTURE.md, Shutting
 * down). Register it before anything else that hooks requests or closing, and build the app with Fastify's
 * `return503OnClosing: false`, whose own 503 has neither Retry-After nor our error body.
 *
 * - The listening socket closes first, before the job runner's and the listeners' preClose hooks wait for
 *   their work: a load balancer's next connection is refused at once and goes to another process.
 * - A request already in the server finishes as usual, and its answer says `Connection: close`. Without
 *   that, a browser's or a proxy's kept-alive connection outlives its answer, so the close waits for the
 *   client to drop it (up to Fastify's 72 s keep-alive) and the process is killed at the end of its grace.
 * - A request that still arrives on a connection opened before (pipelined behind one in flight) is
 *   refused with 503 and Retry-After before any work, in the API's error shape, and the connection closes.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    // Fastify closes the server after every preClose hook; closing it already is what it then expects to
    // find (it waits for the same connections).
    if (app.server.listening) app.server.close();
    done();
  });
  // The first hook of every request runs as the request arrives, in the same turn, so a request that was
  // in the server at the signal has passed it and is answered.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    void reply
      .status(503)
      .header('retry-after', String(CLOSING_RETRY_AFTER_SECONDS))
      .header('connection', 'close')
      .send({ detail: CLOSING_DETAIL });
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
