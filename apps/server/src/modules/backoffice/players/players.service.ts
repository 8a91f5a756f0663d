import type { BanReason, PlayerSummary } from '@casino/contract';
import { AppError } from '../../../lib/app-error.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { UsersService } from '../../players/accounts/users.service.ts';
import type { RealtimeEvents } from '../../realtime/events.ts';
import type { AuditService, OperatorActor } from '../audit/audit.service.ts';

export interface PlayersServiceDependencies {
  users: UsersService;
  audit: AuditService;
  realtime: Pick<RealtimeEvents, 'disconnectPlayer'>;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/** Operator actions on player accounts; each change and its audit record commit together. */
export class PlayersService {
  private readonly users: UsersService;
  private readonly audit: AuditService;
  private readonly realtime: Pick<RealtimeEvents, 'disconnectPlayer'>;
  private readonly transactions: Transactions;

  constructor({ users, audit, realtime, transactions }: PlayersServiceDependencies) {
    this.users = users;
    this.audit = audit;
    this.realtime = realtime;
    this.transactions = transactions;
  }

  async ban(actor: OperatorActor, globalId: string, reason: BanReason): Promise<PlayerSummary> {
    return await this.transactions.run(async (transaction) => {
      const player = await this.users.setBan(globalId, reason, transaction);
      if (!player) throw new AppError('not_found', { message: 'No player has this globalId.' });
      await this.realtime.disconnectPlayer(transaction, globalId);
      await this.audit.record(
        actor,
        { action: 'player.ban', targetType: 'player', targetId: globalId, payload: { reason } },
        transaction,
      );
      return player;
    });
  }

  async unban(actor: OperatorActor, globalId: string): Promise<PlayerSummary> {
    return await this.transactions.run(async (transaction) => {
      const player = await this.users.setBan(globalId, null, transaction);
      if (!player) throw new AppError('not_found', { message: 'No player has this globalId.' });
      await this.audit.record(
        actor,
        { action: 'player.unban', targetType: 'player', targetId: globalId },
        transaction,
      );
      return player;
    });
  }

  async setVerified(
    actor: OperatorActor,
    globalId: string,
    isVerified: boolean,
  ): Promise<PlayerSummary> {
    return await this.transactions.run(async (transaction) => {
      const player = await this.users.setVerified(globalId, isVerified, transaction);
      if (!player) throw new AppError('not_found', { message: 'No player has this globalId.' });
      await this.audit.record(
        actor,
        {
          action: isVerified ? 'player.verification.grant' : 'player.verification.revoke',
          targetType: 'player',
          targetId: globalId,
        },
        transaction,
      );
      return player;
    });
  }

  async setVip(actor: OperatorActor, globalId: string, isVip: boolean): Promise<PlayerSummary> {
    return await this.transactions.run(async (transaction) => {
      const player = await this.users.setVip(globalId, { isVip }, transaction);
      if (!player) throw new AppError('not_found', { message: 'No player has this globalId.' });
      await this.audit.record(
        actor,
        {
          action: isVip ? 'player.vip.grant' : 'player.vip.revoke',
          targetType: 'player',
          targetId: globalId,
        },
        transaction,
      );
      return player;
    });
  }
}
