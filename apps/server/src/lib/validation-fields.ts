import {
  type FieldError,
  invalidValueMessage,
  requiredMessage,
  unknownFieldMessage,
} from '@casino/contract';

/** The parts of a fastify validation error this module reads (fastify-type-provider-zod shape). */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string | undefined;
  params: Record<string, unknown>;
}

/** `body`, `querystring`, `params` or `headers` */
export type ValidationContext = string | undefined;

function rootName(context: ValidationContext): string {
  if (context === 'querystring') return 'query';
  return context ?? 'body';
}

function pathSegments(instancePath: string): string[] {
  return instancePath
    .split('/')
    .filter((segment) => segment.length > 0)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let value = root;
  for (const segment of segments) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/**
 * One entry per invalid field, `message` being a translation key, so a client can place it next
 * to the field. Contract schemas carry their own keys (`Validation.invalid_email`); zod's
 * built-in English messages become a generic key; each unknown field of a strict object is
 * listed by name. When a field fails several rules the first one is reported, and a rule on the
 * whole body (e.g. "send at least one field") only when no single field is at fault.
 */
export function toFieldErrors(
  issues: readonly ValidationIssue[],
  context: ValidationContext,
  input: unknown,
): FieldError[] {
  const fieldErrors: FieldError[] = [];
  const rootErrors: FieldError[] = [];
  const add = (target: FieldError[], error: FieldError) => {
    if (!fieldErrors.some((existing) => existing.field === error.field)) target.push(error);
  };
  for (const issue of issues) {
    const segments = pathSegments(issue.instancePath);
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys) {
        add(fieldErrors, {
          field: [...segments, String(key)].join('.'),
          message: unknownFieldMessage,
        });
      }
      continue;
    }
    let message: string;
    if (issue.message?.startsWith('Validation.')) {
      message = issue.message;
    } else if (issue.keyword === 'invalid_type' && valueAt(input, segments) == null) {
      message = requiredMessage;
    } else {
      message = invalidValueMessage;
    }
    if (segments.length === 0) {
      if (rootErrors.length === 0) rootErrors.push({ field: rootName(context), message });
    } else {
      add(fieldErrors, { field: segments.join('.'), message });
    }
  }
  return fieldErrors.length > 0 ? fieldErrors : rootErrors;
}
