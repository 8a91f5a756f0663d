import { validationPayloadSchema } from '@casino/contract';
import { isApiError } from './api-error';

export interface ServerFieldError {
  field: string;
  /** A translation key such as `Validation.invalid_email`. */
  message: string;
}

/** The per-field messages of a `validation_error` answer, for fields the form actually has. */
export function serverFieldErrors(
  error: unknown,
  knownFields: readonly string[],
): ServerFieldError[] {
  if (!isApiError(error) || error.detail !== 'validation_error') return [];
  const parsed = validationPayloadSchema.safeParse(error.payload);
  if (!parsed.success) return [];
  return parsed.data.fields
    .filter((fieldError) => knownFields.includes(fieldError.field))
    .map(({ field, message }) => ({ field, message }));
}
