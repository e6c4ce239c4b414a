import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../config.ts';

export const SESSION_COOKIE = 'retaguarda_sessao';
/** Sliding: every use pushes the expiry this far ahead (a work shift plus margin). */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export function sessionCookieOptions(config: Config): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.cookieSecure,
    maxAge: SESSION_TTL_MS / 1000,
  };
}
