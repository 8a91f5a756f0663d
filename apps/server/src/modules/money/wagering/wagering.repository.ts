import { sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';
import { accountKey } from '../ledger/account-key.ts';
import { platformAccount, playerAccount } from '../ledger/ledger.service.ts';
import {
  type UnappliedStatus,
  unappliedStatuses,
  type WagerOutcome,
  type WagerRound,
} from './wager-round.ts';

function isUnapplied(status: string): status is UnappliedStatus {
  return (unappliedStatuses as readonly string[]).includes(status);
}

function outcomeOf(row: {
  status: string;
  epoch: string | null;
  offset: bigint | null;
  detail: string | null;
}): WagerOutcome {
  if (row.status === 'played') {
    const position =
      row.epoch !== null && row.offset !== null
        ? { epoch: row.epoch, offset: Number(row.offset) }
        : null;
    return { status: 'played', position };
  }
  if (row.status === 'short' && row.detail !== null) {
    const [currency = '', balance = '0', debit = '0'] = row.detail.split(' ');
    return {
      status: 'short',
      currency,
      balanceMinor: BigInt(balance),
      debitMinor: BigInt(debit),
    };
  }
  if (isUnapplied(row.status)) return { status: row.status };
  throw new Error(`settle_rounds answered ${row.status}`);
}

/** The one writer of rounds and their postings: settle_rounds (money/wagering/db/). */
export class WageringRepository {
  /**
   * Settles a batch of rounds in one statement: each is applied or refused on its own; the
   * answers are in the order of `rounds`. `historySize`: the realtime history kept per channel.
   */
  async settle(
    executor: DatabaseExecutor,
    rounds: readonly WagerRound[],
    historySize: number,
  ): Promise<WagerOutcome[]> {
    const batch = rounds.map(({ round, ...input }, index) => ({
      idx: index,
      scope: input.idempotency?.scope ?? null,
      key: input.idempotency?.key ?? null,
      request_hash: input.idempotency?.requestHash.toString('hex') ?? null,
      response: input.idempotency?.response ?? null,
      user_id: round.userId,
      session_id: input.sessionId,
      kept: input.kept !== null,
      primary_currency: input.kept?.primaryCurrency ?? null,
      main_minor: input.kept?.mainMinor.toString() ?? null,
      sheet: input.kept?.sheet ?? null,
      bonus_percent: input.kept?.bonus?.percent ?? null,
      bonus_wager_current: input.kept?.bonus?.wagerCurrentMinor.toString() ?? null,
      bonus_wager_total: input.kept?.bonus?.wagerTotalMinor.toString() ?? null,
      bonus_freespins_left: input.kept?.bonus?.freespinsLeft ?? null,
      bonus_max_bet: input.kept?.bonus?.maxBetMinor?.toString() ?? null,
      existing: input.existing,
      round_id: round.id,
      game_id: round.gameId,
      seed_id: round.seedId,
      nonce: round.nonce.toString(),
      client_seed: round.clientSeed,
      currency: round.currency,
      bet_minor: round.betMinor.toString(),
      bet_bonus_minor: round.betBonusMinor.toString(),
      bonus_id: round.bonusId,
      freespin: round.freespin,
      payout_main_minor: input.payout.mainMinor.toString(),
      payout_bonus_minor: input.payout.bonusMinor.toString(),
      multiplier: round.multiplier,
      rtp: round.rtp,
      params: round.params,
      outcome: round.outcome,
      state: round.state,
      at: round.at.toISOString(),
      main_key: accountKey(playerAccount(round.userId, round.currency, 'main')),
      bonus_key: accountKey(playerAccount(round.userId, round.currency, 'bonus')),
      house_key: accountKey(platformAccount(round.currency, 'house')),
      tournament_ids: input.tournaments.ids,
      tournament_scores: input.tournaments.scores,
      balance_channel: input.publication?.channel ?? null,
      balance_data: input.publication?.data ?? null,
    }));
    const { rows } = await sql<{
      idx: number;
      status: string;
      epoch: string | null;
      offset: bigint | null;
      detail: string | null;
    }>`
      SELECT idx, status, epoch, "offset", detail
      FROM settle_rounds(${JSON.stringify(batch)}::jsonb, ${historySize}::integer)`.execute(
      executor,
    );
    const outcomes: Array<WagerOutcome | undefined> = rounds.map(() => undefined);
    for (const row of rows) outcomes[row.idx] = outcomeOf(row);
    return outcomes.map((outcome, index) => {
      if (!outcome) throw new Error(`settle_rounds did not answer round ${index}`);
      return outcome;
    });
  }
}
