import type { PlayRoundBody, Round } from '@casino/contract';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/v2/games/{id}/rounds`: debits the stake and settles (or opens, for mines) a round. */
export function playRound(input: {
  gameId: string;
  body: PlayRoundBody;
  idempotencyKey: string;
}): Promise<Round> {
  return apiRequest(`/api/v2/games/${encodeURIComponent(input.gameId)}/rounds`, {
    method: 'POST',
    body: input.body,
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
}
