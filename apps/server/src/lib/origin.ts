/**
 * `scheme://host[:port]` (lower case, no default port) as browsers send it in `Origin`, or null
 * when `value` is not an http(s) origin (a path, credentials, `null`, garbage).
 */
export function normaliseOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.pathname !== '/' || /[?#]/.test(value)) return null;
  return url.origin;
}
