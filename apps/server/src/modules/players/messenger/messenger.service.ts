import type { MessengerLink } from '@casino/contract';
import type { DatabaseExecutor } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { isConstraintViolation } from '../../../lib/constraint-violation.ts';
import { type InitDataProblem, verifyInitData } from './init-data.ts';
import { type MessengerRepository, messengerUserUniqueKey } from './messenger.repository.ts';

const problemMessages: Record<InitDataProblem, string> = {
  malformed: 'The launch data is not the messenger’s signed launch data.',
  bad_signature: 'The launch data is not signed for this bot.',
  expired: 'The launch data is older than a day; reopen the app in the messenger.',
  no_user: 'The launch data names no messenger user.',
};

export interface MessengerServiceDependencies {
  repository: MessengerRepository;
  /** null: no bot configured, linking is unavailable */
  botToken: string | null;
  clock: Clock;
}

/**
 * The player's messenger account (the mini-app's user), proven by launch data signed with the
 * bot's token (MESSENGER_BOT_TOKEN). Crypto-bot withdrawals are paid to it.
 */
export class MessengerService {
  private readonly repository: MessengerRepository;
  /** null: no bot configured, linking is unavailable */
  private readonly botToken: string | null;
  private readonly clock: Clock;

  constructor({ repository, botToken, clock }: MessengerServiceDependencies) {
    this.repository = repository;
    this.botToken = botToken;
    this.clock = clock;
  }

  async link(userId: string, initData: string): Promise<MessengerLink> {
    if (this.botToken === null) {
      throw new AppError('service_unavailable', {
        message: 'No messenger bot is configured on this server.',
      });
    }
    const verified = verifyInitData(initData, this.botToken, this.clock.now());
    if (!verified.ok) {
      throw new AppError('validation_error', {
        message: problemMessages[verified.problem],
        payload: {
          fields: [{ field: 'initData', message: 'Validation.invalid_value' }],
          problem: verified.problem,
        },
      });
    }
    const { messengerUserId } = verified.value;
    try {
      await this.repository.link({ userId, messengerUserId, at: this.clock.now() });
    } catch (error) {
      if (isConstraintViolation(error, 'unique', messengerUserUniqueKey)) {
        throw new AppError('messenger_already_linked');
      }
      throw error;
    }
    return { linked: true, messengerUserId };
  }

  /** The messenger user the player linked, or null. */
  async messengerUserId(userId: string, executor?: DatabaseExecutor): Promise<string | null> {
    return await this.repository.messengerUserId(userId, executor);
  }
}
