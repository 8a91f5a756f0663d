import type { SportTicketEvent, TournamentEvent, TransactionEvent } from '@casino/contract';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { DatabaseExecutor } from '../../../db/database.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { UsersService } from '../accounts/users.service.ts';
import type { PushRepository, PushSubscriptionRow } from './push.repository.ts';
import type { PushService } from './push.service.ts';
import {
  bigSportWinMultiplier,
  buildPushPayload,
  encodePushPayload,
  type PushMessage,
  pushDeliveryByKind,
} from './push-messages.ts';
import type { VapidKeys } from './vapid-keys.ts';

export const pushNotifyJob = 'push-notify';
export const pushDeliverJob = 'push-deliver';
export const pushBonusExpiryJob = 'push-bonus-expiry';

/** Attempts per device for one message (the first and four retries). */
export const maxPushAttempts = 5;
/** A push service's Retry-After is honoured up to this long. */
const maxRetryDelayMs = 60 * 60_000;
/** Bonuses are reminded this long before their deadline (an hourly job, one hour's window each). */
export const bonusExpiryReminderHours = 6;

/** The job queue as the sender uses it (JobQueue.send). */
export interface PushJobQueue {
  send(name: string, data: Record<string, unknown>, runAt: Date): Promise<boolean>;
}

/**
 * Whether a player must get no marketing or account notifications now. Today: banned. The
 * responsible-gambling time-out / self-exclusion check (`isMarketingSuppressed`) plugs in here.
 */
export interface PushSuppression {
  shouldSuppress(userId: string): Promise<boolean>;
}

/**
 * What the realtime events tell web push, inside the transaction that publishes them: a message
 * is queued as a job once that transaction commits (never for one rolled back).
 */
export class PushEventSink {
  private readonly transactions: Pick<Transactions, 'afterCommit'>;
  private readonly queue: PushJobQueue;
  private readonly clock: Clock;
  private readonly enabled: boolean;

  constructor(options: {
    transactions: Pick<Transactions, 'afterCommit'>;
    queue: PushJobQueue;
    clock: Clock;
    enabled: boolean;
  }) {
    this.transactions = options.transactions;
    this.queue = options.queue;
    this.clock = options.clock;
    this.enabled = options.enabled;
  }

  async transactionChanged(
    executor: DatabaseExecutor,
    userId: string,
    event: TransactionEvent,
  ): Promise<void> {
    if (event.status !== 'completed') return;
    const kind =
      event.type === 'deposit' || event.type === 'buy' ? 'deposit_completed' : 'withdrawal_paid';
    await this.enqueue(executor, userId, { kind, amount: event.amount, currency: event.currency });
  }

  async tournamentWon(
    executor: DatabaseExecutor,
    userId: string,
    event: TournamentEvent,
  ): Promise<void> {
    await this.enqueue(executor, userId, {
      kind: 'tournament_won',
      tournamentId: event.tournamentId,
      name: event.name,
      place: event.place,
      prize: `${event.prize.value} ${event.prize.currency}`,
    });
  }

  async sportTicketsChanged(
    executor: DatabaseExecutor,
    changes: ReadonlyArray<{ userId: string; event: SportTicketEvent }>,
  ): Promise<void> {
    for (const { userId, event } of changes) {
      const { ticket } = event;
      if (ticket.status !== 'won' || ticket.payout === null) continue;
      if (Number(ticket.payout) < bigSportWinMultiplier * Number(ticket.stake)) continue;
      await this.enqueue(executor, userId, {
        kind: 'sport_big_win',
        ticketId: ticket.id,
        payout: ticket.payout,
        currency: ticket.currency,
      });
    }
  }

  private async enqueue(
    executor: DatabaseExecutor,
    userId: string,
    message: PushMessage,
  ): Promise<void> {
    if (!this.enabled) return;
    const send = async () => {
      await this.queue.send(pushNotifyJob, { userId, message }, this.clock.now());
    };
    if (!this.transactions.afterCommit(executor, send)) await send();
  }
}

export type DeliveryOutcome = 'sent' | 'pruned' | 'retrying' | 'dropped';

/** Seconds (`120`) or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (header === null || header.trim() === '') return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/** Exponential backoff after attempt `attempt` (1-based): 10 s, 20 s, 40 s, 80 s, … */
export function backoffMs(attempt: number): number {
  return Math.min(maxRetryDelayMs, 10_000 * 2 ** (attempt - 1));
}

export interface PushNotificationsDependencies {
  service: Pick<PushService, 'consents' | 'prune'>;
  repository: Pick<PushRepository, 'listForUser' | 'findById'>;
  users: Pick<UsersService, 'findAccount'>;
  suppression: PushSuppression;
  bonuses: {
    expiringBetween(
      from: Date,
      to: Date,
    ): Promise<Array<{ bonusId: string; userId: string; expiresAt: Date }>>;
  };
  queue: PushJobQueue;
  clock: Clock;
  vapid: VapidKeys & { subject: string };
  /** WEB_PUSH_ENABLED: when off nothing is sent (jobs already queued end quietly) */
  enabled: boolean;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;
}

/**
 * Sends web push messages (the job handlers): each to every device of a player who may get it
 * (not banned or excluded, consenting to its category), encrypted per RFC 8291 and signed with
 * VAPID by the `web-push` package, posted with the message type's TTL, Urgency and Topic. A
 * device the push service no longer knows (404, 410) is forgotten; 429 and 5xx are tried again
 * later (Retry-After when given, else backoff), up to maxPushAttempts.
 */
export class PushNotifications {
  private readonly deps: PushNotificationsDependencies;

  constructor(dependencies: PushNotificationsDependencies) {
    this.deps = dependencies;
  }

  /** `push-notify`: one message to every device of the player. */
  async notify(userId: string, message: PushMessage): Promise<DeliveryOutcome[]> {
    if (!this.deps.enabled) return [];
    const language = await this.eligibleLanguage(userId, message);
    if (language === null) return [];
    const payload = encodePushPayload(buildPushPayload(message, language));
    const outcomes: DeliveryOutcome[] = [];
    for (const subscription of await this.deps.repository.listForUser(userId)) {
      outcomes.push(await this.deliver(subscription, message, payload, 1));
    }
    return outcomes;
  }

  /** `push-deliver`: a retry of one device; the player's state is checked again. */
  async retry(
    subscriptionId: string,
    message: PushMessage,
    attempt: number,
  ): Promise<DeliveryOutcome> {
    if (!this.deps.enabled) return 'dropped';
    const subscription = await this.deps.repository.findById(subscriptionId);
    if (!subscription) return 'dropped';
    const language = await this.eligibleLanguage(subscription.userId, message);
    if (language === null) return 'dropped';
    const payload = encodePushPayload(buildPushPayload(message, language));
    return await this.deliver(subscription, message, payload, attempt);
  }

  /** `push-bonus-expiry` (hourly): bonuses whose deadline is bonusExpiryReminderHours away. */
  async remindExpiringBonuses(): Promise<number> {
    if (!this.deps.enabled) return 0;
    const hour = new Date(this.deps.clock.now());
    hour.setUTCMinutes(0, 0, 0);
    const from = new Date(hour.getTime() + bonusExpiryReminderHours * 3_600_000);
    const to = new Date(from.getTime() + 3_600_000);
    const expiring = await this.deps.bonuses.expiringBetween(from, to);
    for (const bonus of expiring) {
      await this.deps.queue.send(
        pushNotifyJob,
        {
          userId: bonus.userId,
          message: {
            kind: 'bonus_expiring',
            bonusId: bonus.bonusId,
            expiresAt: bonus.expiresAt.toISOString(),
          } satisfies PushMessage,
        },
        this.deps.clock.now(),
      );
    }
    return expiring.length;
  }

  /** The player's language when they may get this message now; null otherwise. */
  private async eligibleLanguage(userId: string, message: PushMessage): Promise<string | null> {
    const account = await this.deps.users.findAccount(userId);
    if (!account || account.banReason !== null) return null;
    if (await this.deps.suppression.shouldSuppress(userId)) return null;
    const { category } = pushDeliveryByKind[message.kind];
    if (!(await this.deps.service.consents(userId, category))) return null;
    return account.language;
  }

  private async deliver(
    subscription: PushSubscriptionRow,
    message: PushMessage,
    payload: string,
    attempt: number,
  ): Promise<DeliveryOutcome> {
    const delivery = pushDeliveryByKind[message.kind];
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      payload,
      {
        vapidDetails: this.deps.vapid,
        TTL: delivery.ttlSeconds,
        urgency: delivery.urgency,
        topic: delivery.topic,
        contentEncoding: 'aes128gcm',
      },
    );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }
    let status: number;
    let retryAfter: string | null = null;
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body === null ? null : new Uint8Array(request.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(15_000),
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      await response.body?.cancel();
    } catch (error) {
      this.deps.logger.warn({ err: error, subscriptionId: subscription.id }, 'push send failed');
      status = 0;
    }
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) {
      await this.deps.service.prune(subscription.id);
      return 'pruned';
    }
    if (status === 0 || status === 429 || status >= 500) {
      if (attempt >= maxPushAttempts) {
        this.deps.logger.warn({ subscriptionId: subscription.id, status }, 'push given up');
        return 'dropped';
      }
      const now = this.deps.clock.now();
      const delay = Math.min(maxRetryDelayMs, retryAfterMs(retryAfter, now) ?? backoffMs(attempt));
      await this.deps.queue.send(
        pushDeliverJob,
        { subscriptionId: subscription.id, message, attempt: attempt + 1 },
        new Date(now.getTime() + delay),
      );
      return 'retrying';
    }
    this.deps.logger.warn({ subscriptionId: subscription.id, status }, 'push refused');
    return 'dropped';
  }
}
