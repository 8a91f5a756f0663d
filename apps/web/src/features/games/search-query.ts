export const minimumSearchLength = 3;
export const searchDebounceMs = 300;

/** The search applies only past two characters (trimmed); shorter input means "all games". */
export function effectiveSearchQuery(input: string): string | null {
  const query = input.trim();
  return query.length >= minimumSearchLength ? query : null;
}
