/** Reads one cookie from a `document.cookie`-style string. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  path?: string;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return `${name}=${encodeURIComponent(value)}; path=${options.path ?? '/'}; max-age=${options.maxAgeSeconds}; samesite=lax`;
}
