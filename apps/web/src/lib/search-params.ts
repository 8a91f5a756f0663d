/** A copy of `search` with params set (string) or removed (null); keeps every other param. */
export function withSearchParams(
  search: string | URLSearchParams,
  changes: Record<string, string | null>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

export function searchString(params: URLSearchParams): string {
  const value = params.toString();
  return value ? `?${value}` : '';
}
