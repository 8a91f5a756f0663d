import { isValidPhoneNumber } from 'libphonenumber-js';
import {
  type ExternalDetailFieldName,
  type ExternalDetailsFields,
  type FieldProblem,
  holderNameFields,
  withdrawalForm,
} from './fiat-wallet.ts';

// The checks of a player's payment details, apart from the rest of the fiat wallet: the phone
// check brings libphonenumber's metadata (about 120 KB), which the player app fetches only with
// the wallet's forms, not with every page that shows a fiat amount.

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const latinNamePattern = /^[A-Za-z]+(?:[ -][A-Za-z]+)*$/;

/**
 * Spec §5 "External detail fields". Empty optional fields pass; empty required ones are
 * Validation.required. Returns null when valid.
 */
export function validateExternalDetailField(
  field: ExternalDetailFieldName,
  rawValue: string | undefined,
  required: boolean,
): FieldProblem | null {
  const value = (rawValue ?? '').trim();
  if (value === '') return required ? { message: 'Validation.required' } : null;
  switch (field) {
    case 'email':
      return emailPattern.test(value) && value.length <= 254
        ? null
        : { message: 'Validation.invalid_email' };
    case 'phone':
      // "valid for any region": an international number must be valid where it belongs
      return isValidPhoneNumber(value.startsWith('+') ? value : `+${value}`)
        ? null
        : { message: 'Validation.invalid_phone' };
    case 'card':
      return /^\d{16}$/.test(value.replace(/\s/g, ''))
        ? null
        : { message: 'Validation.invalid_card' };
    case 'person_id':
      return /^\d{10}$/.test(value) ? null : { message: 'Validation.invalid_format' };
    case 'full_name_latin':
      return latinNamePattern.test(value)
        ? null
        : { message: 'Validation.invalid_full_name_latin' };
    case 'expiration_month':
      return /^(0[1-9]|1[0-2])$/.test(value) ? null : { message: 'Validation.invalid_format' };
    case 'expiration_year':
      return /^\d{4}$/.test(value) ? null : { message: 'Validation.invalid_format' };
    case 'name':
    case 'first_name':
    case 'last_name':
    case 'account_number_online_banking_ph':
    case 'full_name':
    case 'month':
    case 'year':
    case 'cvc':
    case 'holder':
      return null;
    default: {
      const exhaustive: never = field;
      return exhaustive;
    }
  }
}

/** Checks a details map against required and optional fields; one problem per bad field. */
export function validateExternalDetails(
  details: Partial<Record<ExternalDetailFieldName, string>>,
  fields: {
    required: readonly ExternalDetailFieldName[];
    optional: readonly ExternalDetailFieldName[];
  },
): Array<FieldProblem & { field: ExternalDetailFieldName }> {
  const problems: Array<FieldProblem & { field: ExternalDetailFieldName }> = [];
  const seen = new Set<ExternalDetailFieldName>();
  for (const [list, required] of [
    [fields.required, true],
    [fields.optional, false],
  ] as const) {
    for (const field of list) {
      if (seen.has(field)) continue;
      seen.add(field);
      const problem = validateExternalDetailField(field, details[field], required);
      if (problem) problems.push({ field, ...problem });
    }
  }
  return problems;
}

/**
 * Checks a withdrawal's details against its method's detail fields (withdrawalDetailsFields):
 * the holder's name — given as `name`, or as the `full_name` / `full_name_latin` the fields
 * list, Latin letters only where `full_name_latin` is listed — and every other field by its
 * rule. One problem per bad field, named as in `details`; empty when valid.
 */
export function validateWithdrawalDetails(
  details: Partial<Record<ExternalDetailFieldName, string>>,
  detailsFields: ExternalDetailsFields,
): Array<FieldProblem & { field: ExternalDetailFieldName }> {
  const form = withdrawalForm(detailsFields);
  const problems: Array<FieldProblem & { field: ExternalDetailFieldName }> = [];
  const given = holderNameFields.filter((field) => (details[field] ?? '').trim() !== '');
  if (form.name === 'required' && given.length === 0) {
    const asked = detailsFields.required.find((field) => holderNameFields.includes(field));
    problems.push({ field: asked ?? 'name', message: 'Validation.required' });
  }
  if (form.latinName) {
    const notLatin = given.find((field) => !latinNamePattern.test((details[field] ?? '').trim()));
    if (notLatin) problems.push({ field: notLatin, message: 'Validation.invalid_full_name_latin' });
  }
  problems.push(
    ...validateExternalDetails(details, {
      required: form.fields.filter((field) => field.required).map((field) => field.name),
      optional: form.fields.filter((field) => !field.required).map((field) => field.name),
    }),
  );
  return problems;
}
