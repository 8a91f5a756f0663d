import type { FastifyBaseLogger } from 'fastify';
import type { PushMessage } from '../modules/players/push/push-messages.ts';
import {
  type PushNotifications,
  pushBonusExpiryJob,
  pushDeliverJob,
  pushNotifyJob,
} from '../modules/players/push/push-notifications.ts';
import type { JobDefinition } from './job-queue.ts';

function isMessage(value: unknown): value is PushMessage {
  return (
    typeof value === 'object' && value !== null && typeof (value as PushMessage).kind === 'string'
  );
}

/** Web push: a message to a player's devices, one device's retry, the hourly bonus reminder. */
export function pushJobDefinitions(
  push: Pick<PushNotifications, 'notify' | 'retry' | 'remindExpiringBonuses'>,
  logger: FastifyBaseLogger,
): JobDefinition[] {
  return [
    {
      name: pushNotifyJob,
      handler: async (data) => {
        if (typeof data.userId !== 'string' || !isMessage(data.message)) return;
        await push.notify(data.userId, data.message);
      },
    },
    {
      name: pushDeliverJob,
      handler: async (data) => {
        if (
          typeof data.subscriptionId !== 'string' ||
          !isMessage(data.message) ||
          typeof data.attempt !== 'number'
        ) {
          return;
        }
        await push.retry(data.subscriptionId, data.message, data.attempt);
      },
    },
    {
      name: pushBonusExpiryJob,
      cron: '0 * * * *',
      handler: async () => {
        const reminded = await push.remindExpiringBonuses();
        if (reminded > 0) logger.info({ reminded }, 'bonus expiry reminders queued');
      },
    },
  ];
}
