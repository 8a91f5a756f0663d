/**
 * `redirect_path` comes from the address bar, so anyone can craft it. Only a path on this origin
 * is accepted: it starts with a single '/', is not protocol-relative ('//evil' or '/\evil'), and
 * carries no scheme or control characters. Anything else is dropped.
 */
export function sanitizeRedirectPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const base = 'https://app.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Where a guest is sent when they open a protected page: the sign-in step on the home page. */
export function signInRedirectTarget(homePath: string, originalPathWithQuery: string): string {
  const params = new URLSearchParams({ auth: 'login', redirect_path: originalPathWithQuery });
  return `${homePath}?${params.toString()}`;
}
