import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Transactions } from '../../lib/transactions.ts';
import { WebsocketTokenVerifier } from '../../lib/websocket-token.ts';
import type { BalanceService } from '../money/ledger/balance.service.ts';
import { type RealtimeEventObserver, RealtimeEvents } from './events.ts';
import { BuiltinPublisher, CentrifugoOutboxPublisher } from './publisher.ts';
import { RealtimeRepository } from './realtime.repository.ts';

export interface RealtimeDependencies {
  config: Pick<Config, 'realtime' | 'websocketJwtSecret'>;
  db: Kysely<Database>;
  transactions: Transactions;
  /** the balance view the `balance#` events carry (read without the ledger's writer) */
  balance: Pick<BalanceService, 'balanceOf'>;
  clock: Clock;
  /** told of each player event in its transaction (web push) */
  observer?: RealtimeEventObserver | undefined;
}

/** The realtime wing: the engine's publisher (built-in or Centrifugo's outbox) and the events. */
export function createRealtime({
  config,
  db,
  transactions,
  balance,
  clock,
  observer,
}: RealtimeDependencies) {
  const repository = new RealtimeRepository({ db, transactions });
  const publisher =
    config.realtime.engine === 'centrifugo'
      ? new CentrifugoOutboxPublisher({ repository, pool: db, transactions })
      : new BuiltinPublisher({
          repository,
          pool: db,
          historySize: config.realtime.historySize,
          transactions,
        });
  return {
    repository,
    publisher,
    events: new RealtimeEvents({ publisher, repository, balance, observer }),
    tokens: new WebsocketTokenVerifier(config.websocketJwtSecret, clock),
  };
}
