import type { IncomingTransferBody, IncomingTransferResult } from '@casino/contract';
import type { DatabaseTransaction } from '../../../../../db/database.ts';
import type { OperatorActor } from '../../../../backoffice/audit/audit.service.ts';

/**
 * Where chain watchers deliver what they see: the deposits service records each transfer, raises
 * its confirmations and credits it exactly once per (network, tx hash, output index), so a
 * watcher may repeat, reorder or overlap its reports freely. `reporter` is who is answerable for
 * the report in the audit log.
 */
export type IncomingTransferSink = (
  reporter: OperatorActor,
  transfer: IncomingTransferBody,
  transaction?: DatabaseTransaction,
) => Promise<IncomingTransferResult>;

/**
 * A source of incoming transfers to the platform's deposit addresses and memos. A production
 * watcher (a node's RPC poller or an indexer's webhooks, one per network) is built with its sink
 * and calls it for every transfer it sees and again as its confirmations grow.
 */
export interface ChainWatcher {
  readonly name: string;
}

export interface OperatorReportedChainWatcherDependencies {
  /** where the reports go (the deposits service) */
  sink: IncomingTransferSink;
}

/**
 * The sandbox watcher: no chain is read; an operator reports what "arrived"
 * (`POST /api/backoffice/v1/crypto/incoming`), and the report takes exactly the path a real
 * watcher's would.
 */
export class OperatorReportedChainWatcher implements ChainWatcher {
  readonly name = 'operator-reported';
  private readonly sink: IncomingTransferSink;

  constructor({ sink }: OperatorReportedChainWatcherDependencies) {
    this.sink = sink;
  }

  async report(
    reporter: OperatorActor,
    transfer: IncomingTransferBody,
    transaction?: DatabaseTransaction,
  ): Promise<IncomingTransferResult> {
    return await this.sink(reporter, transfer, transaction);
  }
}
