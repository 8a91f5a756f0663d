import type { z } from 'zod';
import type { FieldError } from '../errors.ts';
import {
  invalidValueMessage,
  requiredMessage,
  unknownFieldMessage,
} from '../validation-messages.ts';

/** A round's parameters as the engine accepts them, or the fields at fault (names relative to `params`). */
export type ParamsResult<Params> =
  | { success: true; params: Params }
  | { success: false; fields: FieldError[] };

export function invalidParams(field: string, message = invalidValueMessage): ParamsResult<never> {
  return { success: false, fields: [{ field, message }] };
}

/** Parses with a contract schema; each issue becomes a field error with a translation key. */
export function parseWithSchema<Schema extends z.ZodType>(
  schema: Schema,
  raw: unknown,
): ParamsResult<z.infer<Schema>> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { success: true, params: parsed.data };
  const fields: FieldError[] = [];
  for (const issue of parsed.error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
    for (const key of keys) {
      const field = [...issue.path, ...(key === undefined ? [] : [key])].map(String).join('.');
      if (fields.some((existing) => existing.field === field)) continue;
      let message = invalidValueMessage;
      if (issue.code === 'unrecognized_keys') message = unknownFieldMessage;
      else if (issue.message.startsWith('Validation.')) message = issue.message;
      else if (valueAt(raw, issue.path) == null) {
        message = requiredMessage;
      }
      fields.push({ field: field === '' ? 'params' : field, message });
    }
  }
  return { success: false, fields };
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

/** A number given with at most two decimals (0.01 steps), as hundredths; null otherwise. */
export function hundredthsOf(value: number): number | null {
  const hundredths = Math.round(value * 100);
  return Math.abs(hundredths - value * 100) < 1e-6 ? hundredths : null;
}
