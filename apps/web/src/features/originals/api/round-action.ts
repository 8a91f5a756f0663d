import type { MinesAction, Round } from '@casino/contract';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/v2/games/{id}/rounds/{roundId}/actions`: a mines tile or the cash-out. */
export function roundAction(input: {
  gameId: string;
  roundId: string;
  action: MinesAction;
  idempotencyKey: string;
}): Promise<Round> {
  return apiRequest(
    `/api/v2/games/${encodeURIComponent(input.gameId)}/rounds/${encodeURIComponent(input.roundId)}/actions`,
    {
      method: 'POST',
      body: input.action,
      headers: { 'Idempotency-Key': input.idempotencyKey },
    },
  );
}
