import {
  defaultPhoneCountry,
  type ExternalDetailFieldName,
  type ExternalDetailsFields,
  validateExternalDetailField,
} from '@casino/contract';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';

export interface ExternalFieldSpec {
  name: ExternalDetailFieldName;
  required: boolean;
}

/** Required fields first, then optional ones, each once. */
export function externalFieldSpecs(fields: ExternalDetailsFields): ExternalFieldSpec[] {
  const specs: ExternalFieldSpec[] = [];
  const seen = new Set<ExternalDetailFieldName>();
  for (const [list, required] of [
    [fields.required, true],
    [fields.optional, false],
  ] as const) {
    for (const name of list) {
      if (seen.has(name)) continue;
      seen.add(name);
      specs.push({ name, required });
    }
  }
  return specs;
}

/**
 * A phone typed the local way ("912 345-67-89") becomes international (+79123456789) using the
 * default country of the method's currency (spec §5); anything unparseable is left as typed so
 * the validation can name it.
 */
export function normalizePhone(value: string, currency: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return trimmed;
  const country = defaultPhoneCountry(currency)?.toUpperCase() as CountryCode | undefined;
  const parsed = parsePhoneNumberFromString(trimmed, country);
  return parsed?.isValid() ? parsed.number : trimmed;
}

/** The value sent for a field: phones normalised, cards without spaces, the rest trimmed. */
export function normalizeExternalField(
  name: ExternalDetailFieldName,
  value: string,
  currency: string,
): string {
  if (name === 'phone') return normalizePhone(value, currency);
  if (name === 'card') return value.replace(/\s/g, '');
  return value.trim();
}

/** The Validation key of a field's problem after normalisation, or null. */
export function externalFieldProblem(
  spec: ExternalFieldSpec,
  value: string,
  currency: string,
): { message: string; params?: Record<string, string> } | null {
  return validateExternalDetailField(
    spec.name,
    normalizeExternalField(spec.name, value, currency),
    spec.required,
  );
}
