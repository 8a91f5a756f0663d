import type { FastifyBaseLogger } from 'fastify';
import type {
  OrderJobScheduler,
  OrderReviewService,
} from '../modules/money/cashier/rails/p2p/order-review.service.ts';
import type { JobDefinition, JobQueue } from './job-queue.ts';

export const fiatOrderExpireJob = 'fiat-order-expire';
export const fiatOrderAutoApproveJob = 'fiat-order-auto-approve';
export const fiatOrdersSweepJob = 'fiat-orders-sweep';

function orderIdOf(data: Record<string, unknown>): string | null {
  return typeof data.orderId === 'string' ? data.orderId : null;
}

/** Per-order jobs for precision; where this process runs no queue the minute sweep catches up. */
export function orderJobScheduler(queue: JobQueue): OrderJobScheduler {
  return {
    scheduleExpiry: async (orderId, at) => {
      await queue.send(fiatOrderExpireJob, { orderId }, at);
    },
    scheduleAutoApprove: async (orderId, at) => {
      await queue.send(fiatOrderAutoApproveJob, { orderId }, at);
    },
  };
}

export function walletJobDefinitions(
  wallet: OrderReviewService,
  logger: FastifyBaseLogger,
): JobDefinition[] {
  return [
    {
      name: fiatOrderExpireJob,
      handler: async (data) => {
        const orderId = orderIdOf(data);
        if (orderId) await wallet.expireOrder(orderId);
      },
    },
    {
      name: fiatOrderAutoApproveJob,
      handler: async (data) => {
        const orderId = orderIdOf(data);
        if (orderId) await wallet.autoApprove(orderId);
      },
    },
    {
      name: fiatOrdersSweepJob,
      cron: '* * * * *',
      handler: async () => {
        const { expired, autoApproved } = await wallet.sweep();
        if (expired > 0) logger.info({ expired }, 'expired fiat orders');
        if (autoApproved > 0) logger.info({ autoApproved }, 'sandbox auto-approved fiat deposits');
      },
    },
  ];
}
