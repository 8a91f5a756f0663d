import type { PromoInfo } from '@casino/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/v2/promocodes/activate`: credits or grants what the code gives and sets the promo
 * info cookie, whose modal then shows.
 */
export function activatePromoCode(input: {
  code: string;
  idempotencyKey: string;
}): Promise<PromoInfo> {
  return apiRequest('/api/v2/promocodes/activate', {
    method: 'POST',
    body: { code: input.code },
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
}

export function useActivatePromoCode() {
  // the form shows the refusal next to the field instead of a toast
  return useMutation({ mutationFn: activatePromoCode, meta: { handlesErrors: true } });
}
