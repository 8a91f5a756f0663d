import type { SeamlessStatus } from '@casino/contract';
import type { z } from 'zod';
import { containsNul } from '../../../lib/nul-characters.ts';

export type WalletBodyResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      status: Extract<SeamlessStatus, 'RS_ERROR_WRONG_SYNTAX' | 'RS_ERROR_WRONG_TYPES'>;
    };

/** The raw body as a JSON object; anything else (not JSON, an array, a number) is null. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : null;
}

/** The request's own `request_uuid`, echoed in every answer once the signature holds. */
export function requestUuidOf(json: Record<string, unknown> | null): string | undefined {
  const value = json?.request_uuid;
  return typeof value === 'string' && value.length > 0 && value.length <= 255 && !containsNul(value)
    ? value
    : undefined;
}

/**
 * Validates a wallet request: a missing required field is RS_ERROR_WRONG_SYNTAX, a field of the
 * wrong type or out of range RS_ERROR_WRONG_TYPES (the contract's two validation statuses), and
 * so is a string or key holding U+0000 anywhere, which no stored text can hold.
 */
export function validateWalletBody<Schema extends z.ZodType>(
  schema: Schema,
  json: Record<string, unknown> | null,
): WalletBodyResult<z.infer<Schema>> {
  if (json === null) return { ok: false, status: 'RS_ERROR_WRONG_SYNTAX' };
  if (containsNul(json)) return { ok: false, status: 'RS_ERROR_WRONG_TYPES' };
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  const missing = result.error.issues.some(
    (issue) => issue.code === 'invalid_type' && valueAt(json, issue.path) === undefined,
  );
  return { ok: false, status: missing ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_WRONG_TYPES' };
}

function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  let current = json;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    if (!Object.hasOwn(current, key)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
