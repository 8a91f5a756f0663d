/** PostgreSQL SQLSTATEs of a statement that broke a unique index or a foreign key. */
const sqlStates = { unique: '23505', foreign_key: '23503' } as const;

/**
 * True when `error` is PostgreSQL's report that the statement broke the named unique index or
 * foreign key: the caller turns it into the answer for the field at fault.
 */
export function isConstraintViolation(
  error: unknown,
  kind: keyof typeof sqlStates,
  constraint: string,
): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === sqlStates[kind] &&
    'constraint' in error &&
    error.constraint === constraint
  );
}
