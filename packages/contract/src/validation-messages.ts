/**
 * Field messages the API uses when a contract schema has no more specific key of its own.
 * Like every `Validation.*` key they are translation keys, not text.
 */
export const unknownFieldMessage = 'Validation.unknown_field';
export const invalidValueMessage = 'Validation.invalid_value';
export const requiredMessage = 'Validation.required';
/** A string holds a character no stored text may hold (U+0000). */
export const invalidCharactersMessage = 'Validation.invalid_characters';
