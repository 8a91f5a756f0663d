const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a text is a UUID as PostgreSQL's `uuid` type reads it in canonical form: 32 hex digits
 * in groups of 8-4-4-4-12, either case, any version. Checked before an id from outside reaches
 * a `uuid` column, so a malformed one is "not found" rather than a database error.
 */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
