import type { WheelSpinResult } from '@casino/contract';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/v2/turbine_of_luck`: today's spin; the prize is already credited in the answer. */
export function spinWheel(input: { idempotencyKey: string }): Promise<WheelSpinResult> {
  return apiRequest('/api/v2/turbine_of_luck', {
    method: 'POST',
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
}
