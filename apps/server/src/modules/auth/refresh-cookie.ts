import type { FastifyReply } from 'fastify';
import { SIGNED_IN_COOKIE } from '@referrals/domain/runtime-config';

/** The refresh token lives in this HttpOnly cookie, out of reach of any script in the page. */
export const REFRESH_COOKIE = 'referrals_refresh';

/**
 * Keeps a browser's refresh token, with the readable marker that tells the web app a sign-in exists (so it
 * does not try a refresh it knows will fail).
 */
export function setRefreshCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(REFRESH_COOKIE, token, { httpOnly: true, secure, sameSite: 'strict', path: '/' });
  reply.setCookie(SIGNED_IN_COOKIE, '1', { httpOnly: false, secure, sameSite: 'strict', path: '/' });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: '/' });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}
