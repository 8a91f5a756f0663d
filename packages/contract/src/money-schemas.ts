import { z } from 'zod';
import { currencyCodes, decimalPattern } from './money.ts';

/*
 * Money's schemas, apart from its rules (`money.ts`): the player app's first load formats money
 * without zod.
 */

export const currencyCodeSchema = z.enum(currencyCodes, {
  error: 'Validation.unsupported_currency',
});

/** A decimal money string on the wire. */
export const decimalStringSchema = z.string().regex(decimalPattern, {
  error: 'Validation.invalid_amount',
});
