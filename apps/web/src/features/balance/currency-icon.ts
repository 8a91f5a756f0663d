/** Icons are drawn in the repo (apps/web/public/currencies); a server-given path wins. */
export function currencyIconUrl(code: string, serverIcon?: string): string {
  if (serverIcon?.startsWith('/')) return serverIcon;
  return `/currencies/${encodeURIComponent(code)}.svg`;
}
