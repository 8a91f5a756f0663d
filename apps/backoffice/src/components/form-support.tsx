import { zodResolver } from '@hookform/resolvers/zod';
import type { InputHTMLAttributes } from 'react';
import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage, readable } from '@/lib/api.ts';

/** `''` → null: optional text and amount inputs send null when left empty. */
export const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
/** `''` → undefined (the field is left out); otherwise a number. */
export const toNumber = (value: unknown) =>
  value === '' || value === undefined || value === null ? undefined : Number(value);
/** `''` → null; otherwise a number. */
export const toNullableNumber = (value: unknown) =>
  value === '' || value === undefined || value === null ? null : Number(value);

/**
 * A react-hook-form resolver that checks the body the save sends (`toBody` of the form's values)
 * with the contract's schema: a form is valid exactly when the server would take its body. The
 * errors are the body's paths; `mapErrors` puts those the form names otherwise on its fields.
 */
export function bodyResolver<Form extends FieldValues>(
  schema: unknown,
  toBody: (values: Form) => unknown,
  mapErrors: (errors: Record<string, unknown>) => Record<string, unknown> = (errors) => errors,
): Resolver<Form> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<Record<string, unknown>>;
  return async (values, context, options) => {
    const result = await resolve(toBody(values) as never, context, options as never);
    if (Object.keys(result.errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: mapErrors(result.errors as Record<string, unknown>) } as never;
  };
}

/**
 * Puts a failed save's field errors (a 400 validation_error's `payload.fields`) on the form's
 * fields; what no field shows (or another error) goes to the form's root error.
 */
export function applyServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  knownFields: readonly string[],
): void {
  if (error instanceof ApiError && error.errors) {
    let unplaced: string[] = [];
    for (const [field, messages] of Object.entries(error.errors)) {
      const top = field.split('.')[0] ?? '';
      if (field !== '' && (knownFields.includes(field) || knownFields.includes(top))) {
        setError(field as Path<Values>, { type: 'server', message: messages.join(', ') });
      } else {
        unplaced = [...unplaced, `${field || 'form'}: ${messages.join(', ')}`];
      }
    }
    if (unplaced.length > 0) {
      setError('root.server' as Path<Values>, { type: 'server', message: unplaced.join('; ') });
    }
    return;
  }
  setError('root.server' as Path<Values>, { type: 'server', message: errorMessage(error) });
}

/** A field's error from a failed save's `ApiError` (its `errors`, by the field's path), for
 * forms kept without react-hook-form. A list field's errors come by item (`ipAllowList.1`):
 * each is named by its line, counted from 1. */
export function apiFieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || !error.errors) return undefined;
  const parts: string[] = [];
  for (const [path, messages] of Object.entries(error.errors)) {
    const text = messages.map(readable).join(', ');
    if (path === field) parts.push(text);
    else if (path.startsWith(`${field}.`)) {
      const item = Number(path.slice(field.length + 1).split('.')[0]);
      parts.push(Number.isInteger(item) ? `line ${item + 1}: ${text}` : text);
    }
  }
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/** The message of a field's error, nested paths included (`title.en`). */
export function fieldError(errors: unknown, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  if (node && typeof node === 'object' && 'message' in node) {
    const message = (node as { message?: unknown }).message;
    return typeof message === 'string' ? readable(message) : undefined;
  }
  // a list's errors are by item (a form's `countries` typed as one line, checked as a list):
  // each named by its place, counted from 1
  if (Array.isArray(node)) {
    const items = node.flatMap((item: unknown, index) => {
      const message =
        item && typeof item === 'object' ? (item as { message?: unknown }).message : undefined;
      return typeof message === 'string' ? [`item ${index + 1}: ${readable(message)}`] : [];
    });
    return items.length > 0 ? items.join('; ') : undefined;
  }
  return undefined;
}

export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  );
}

/** A yes/no toggle as a labelled checkbox. */
export function CheckboxField({
  label,
  hint,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-0.5 size-4 accent-accent-600" {...props} />
      <span>
        {label}
        {hint ? <span className="block text-xs text-muted">{hint}</span> : null}
      </span>
    </label>
  );
}
