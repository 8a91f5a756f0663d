import { z } from 'zod';
import { primaryCurrencyCodes } from './money.ts';
import { currencyCodeSchema } from './money-schemas.ts';

export const walletCurrencySchema = z.object({
  code: z.string(),
  name: z.string(),
  displayFormat: z.string(),
  icon: z.string(),
  precision: z.number().int(),
  isFiat: z.boolean(),
});
export type WalletCurrency = z.infer<typeof walletCurrencySchema>;

/** A money value shown in the player's primary currency. */
export const primaryMoneySchema = z.object({
  currency: walletCurrencySchema.pick({ code: true, displayFormat: true, icon: true }),
  /** decimal string in the primary currency */
  primaryValue: z.string(),
  primaryPrecision: z.number().int(),
});

export const userBonusSummarySchema = z.object({
  status: z.string(),
  amount: z.object({ value: z.string(), primaryPrecision: z.number().int() }),
  wager: z.object({ current: z.string(), total: z.string() }),
});

/**
 * `GET /api/v1/balance` (wallet spec §3 "Balance"). `total` is everything the player owns in
 * the primary currency, `fiat` the main fiat balance (`value` in its own currency),
 * `userBonuses` the bonus accounts with wagering progress (empty until bonuses exist).
 */
export const balanceSchema = z.object({
  total: primaryMoneySchema,
  fiat: primaryMoneySchema.extend({ value: z.string() }),
  userBonuses: z.array(userBonusSummarySchema),
});
export type Balance = z.infer<typeof balanceSchema>;

/** `GET /api/v1/wallet/currencies`: currencies the player may choose as primary. */
export const walletCurrenciesResponseSchema = z.array(walletCurrencySchema);

/** The viewer's currency change (`PATCH /api/v1/me` with `{currency: {primary}}`). */
export const currencyChangeSchema = z.strictObject({
  primary: currencyCodeSchema.refine((code) => (primaryCurrencyCodes as string[]).includes(code), {
    error: 'Validation.unsupported_currency',
  }),
});
export type CurrencyChange = z.infer<typeof currencyChangeSchema>;

const exchangeRatePattern = /^(0|[1-9]\d{0,17})(?:\.\d{1,20})?$/;

/** One operator-set rate: one unit of `base` is worth `rate` units of `quote`. */
export const exchangeRateSchema = z.object({
  base: currencyCodeSchema,
  quote: currencyCodeSchema,
  /** positive decimal string, at most 20 decimals */
  rate: z
    .string()
    .regex(exchangeRatePattern, { error: 'Validation.invalid_rate' })
    .refine((rate) => /[1-9]/.test(rate), { error: 'Validation.invalid_rate' }),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

/** `GET /api/backoffice/v1/exchange-rates` */
export const exchangeRatesResponseSchema = z.object({
  rates: z.array(
    z.object({
      base: z.string(),
      quote: z.string(),
      rate: z.string(),
      setAt: z.string(),
      setByOperatorId: z.string().nullable(),
    }),
  ),
});

/** `PUT /api/backoffice/v1/exchange-rates`: sets (or replaces) the given pairs. */
export const setExchangeRatesBodySchema = z.strictObject({
  rates: z
    .array(
      exchangeRateSchema.strict().refine((rate) => rate.base !== rate.quote, {
        error: 'Validation.invalid_value',
        path: ['quote'],
      }),
    )
    .min(1)
    .max(100),
});
export type SetExchangeRatesBody = z.infer<typeof setExchangeRatesBodySchema>;
