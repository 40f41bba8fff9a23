import type { Response } from 'light-my-request';

type Send = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) => Promise<Response>;

/**
 * A PUT or PATCH of a versioned record as a client that read it first sends it: with the version it read
 * (an explicit `version` in `body` wins, for tests of a stale one). Writes without one are a 428.
 */
export async function writeAsRead(send: Send, method: 'PUT' | 'PATCH', url: string, body: object) {
  const read = await send('GET', url.split('?')[0] ?? url);
  const { version } = read.json<{ version?: number }>();
  return send(method, url, { version, ...body });
}
