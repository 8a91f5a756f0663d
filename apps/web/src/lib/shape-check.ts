/**
 * Checks for the few values the first load reads from outside its own API: the stored bet slip
 * (localStorage), the promo cookie and the payload of an error body. Those shapes are small and
 * flat, so they are checked here, in a few lines, rather than with a schema library whose core
 * alone would be about 17 kB gzip of the first load (issue 21); the API's own answers are not
 * parsed at all (the server shapes them through the contract), and lazily loaded code uses zod.
 *
 * A check answers the value in its type — an object rebuilt with only the keys it names, like a
 * zod object — or `invalid`.
 */
export const invalid: unique symbol = Symbol('invalid');
export type Check<T> = (value: unknown) => T | typeof invalid;
export type Checked<C> = C extends Check<infer T> ? T : never;

export function string(test?: (value: string) => boolean): Check<string> {
  return (value) => (typeof value === 'string' && (!test || test(value)) ? value : invalid);
}

/** A safe integer within `min`…`max`, both included. */
export function integer(
  min = Number.MIN_SAFE_INTEGER,
  max = Number.MAX_SAFE_INTEGER,
): Check<number> {
  return (value) =>
    Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max
      ? (value as number)
      : invalid;
}

export const boolean: Check<boolean> = (value) => (typeof value === 'boolean' ? value : invalid);

export function oneOf<const T extends string | number>(values: readonly T[]): Check<T> {
  return (value) => (values.includes(value as T) ? (value as T) : invalid);
}

export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value) => (value === null ? null : check(value));
}

export function either<A, B>(first: Check<A>, second: Check<B>): Check<A | B> {
  return (value) => {
    const result = first(value);
    return result === invalid ? second(value) : result;
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function arrayOf<T>(check: Check<T>, maxLength = Number.POSITIVE_INFINITY): Check<T[]> {
  return (value) => {
    if (!Array.isArray(value) || value.length > maxLength) return invalid;
    const items: T[] = [];
    for (const item of value) {
      const checked = check(item);
      if (checked === invalid) return invalid;
      items.push(checked);
    }
    return items;
  };
}

/** An object used as a map from strings to values of one shape. */
export function recordOf<T>(check: Check<T>): Check<Record<string, T>> {
  return (value) => {
    if (!isPlainObject(value)) return invalid;
    const record: Record<string, T> = {};
    for (const [key, item] of Object.entries(value)) {
      const checked = check(item);
      if (checked === invalid) return invalid;
      record[key] = checked;
    }
    return record;
  };
}

/** An object with exactly these keys answered (others are dropped); every key is required. */
export function object<S extends Record<string, Check<unknown>>>(
  shape: S,
): Check<{ [K in keyof S]: Checked<S[K]> }> {
  return (value) => {
    if (!isPlainObject(value)) return invalid;
    const result: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) {
      if (!Object.hasOwn(value, key)) return invalid;
      const checked = check(value[key]);
      if (checked === invalid) return invalid;
      result[key] = checked;
    }
    return result as { [K in keyof S]: Checked<S[K]> };
  };
}

/** The checked value, or null when it does not have the shape. */
export function parseShape<T>(check: Check<T>, value: unknown): T | null {
  const checked = check(value);
  return checked === invalid ? null : checked;
}
