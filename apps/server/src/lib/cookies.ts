import type { CookieSerializeOptions } from '@fastify/cookie';

/** Session cookies: unreadable by scripts, sent on top-level navigations (Lax), HTTPS-only per config. */
export function sessionCookieOptions(options: {
  secure: boolean;
  path: string;
  expiresAt?: Date;
}): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: options.path,
    ...(options.expiresAt ? { expires: options.expiresAt } : {}),
  };
}
