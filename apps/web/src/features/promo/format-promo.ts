import { formatMoney } from '@casino/contract';

/** Wallet spec §9: the promo modal closes, then its promo is cleared 300 ms later. */
export const promoModalCloseDelayMs = 300;

/** '10.00' USD → '$10.00'; a code the app does not know follows the figure. */
export function formatPromoAmount(amount: string, currency: string): string {
  return formatMoney(amount, currency);
}

export function isPositiveAmount(amount: string): boolean {
  return /[1-9]/.test(amount);
}
