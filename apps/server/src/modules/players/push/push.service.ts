import {
  isPushPromptAllowed,
  type PushSettings,
  type PushSubscriptionJson,
  pushSubscriptionJsonSchema,
  type UpdatePushSettingsBody,
} from '@casino/contract';
import type { DatabaseExecutor } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { RateLimitsService } from '../../platform/rate-limits/rate-limits.service.ts';
import type { UsersService } from '../accounts/users.service.ts';
import type { PushRepository } from './push.repository.ts';

/** Subscription and settings changes per player per hour (a browser renews rarely). */
export const pushWriteRule = { bucket: 'push_write', limit: 60, windowSeconds: 3_600 };

/** Devices kept per player; subscribing one more forgets the least recently renewed. */
export const maxPushDevicesPerPlayer = 10;

const defaultCategories = {
  deposits: true,
  withdrawals: true,
  tournaments: true,
  bonuses: true,
  sportsbook: true,
} as const;

export interface PushServiceDependencies {
  repository: PushRepository;
  transactions: Transactions;
  clock: Clock;
  users: Pick<UsersService, 'setPushNotificationsActive' | 'getProfile'>;
  rateLimits: Pick<RateLimitsService, 'consume'>;
  config: { enabled: boolean; allowHttpEndpoints: boolean };
  vapidPublicKey: string;
}

function fieldError(field: string, message = 'Validation.invalid_value'): AppError {
  return new AppError('validation_error', { payload: { fields: [{ field, message }] } });
}

/**
 * A player's push subscriptions (one per browser) and preferences (consent per category, the
 * prompt's last refusal). The profile's isPushNotificationsActive follows the subscriptions.
 */
export class PushService {
  private readonly repository: PushRepository;
  private readonly transactions: Transactions;
  private readonly clock: Clock;
  private readonly users: PushServiceDependencies['users'];
  private readonly config: PushServiceDependencies['config'];
  private readonly publicKey: string;
  private readonly rateLimits: PushServiceDependencies['rateLimits'];

  constructor({
    repository,
    transactions,
    clock,
    users,
    config,
    vapidPublicKey,
    rateLimits,
  }: PushServiceDependencies) {
    this.rateLimits = rateLimits;
    this.repository = repository;
    this.transactions = transactions;
    this.clock = clock;
    this.users = users;
    this.config = config;
    this.publicKey = vapidPublicKey;
  }

  get enabled(): boolean {
    return this.config.enabled;
  }

  vapidPublicKey(): { key: string } {
    this.assertEnabled();
    return { key: this.publicKey };
  }

  /** Parses `PushSubscription.toJSON()` serialized by the browser; 400 naming the bad field. */
  parseSubscription(token: string): PushSubscriptionJson {
    let parsed: unknown;
    try {
      parsed = JSON.parse(token);
    } catch {
      throw fieldError('token');
    }
    const result = pushSubscriptionJsonSchema.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      const path = issue?.path.map(String).join('.') ?? '';
      throw fieldError(path ? `token.${path}` : 'token', issue?.message);
    }
    const endpoint = new URL(result.data.endpoint);
    const httpAllowed = this.config.allowHttpEndpoints && endpoint.protocol === 'http:';
    if (endpoint.protocol !== 'https:' && !httpAllowed) throw fieldError('token.endpoint');
    if (endpoint.username !== '' || endpoint.password !== '') throw fieldError('token.endpoint');
    return result.data;
  }

  async subscribe(userId: string, token: string): Promise<PushSettings> {
    this.assertEnabled();
    const subscription = this.parseSubscription(token);
    await this.rateLimits.consume(pushWriteRule, userId);
    const now = this.clock.now();
    await this.transactions.run(async (transaction) => {
      const { previousUserId } = await this.repository.upsertSubscription(transaction, {
        userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        at: now,
      });
      await this.repository.trimDevices(transaction, userId, maxPushDevicesPerPlayer);
      await this.users.setPushNotificationsActive(userId, true, transaction);
      if (previousUserId !== null) await this.refreshActive(transaction, previousUserId);
    });
    return await this.settings(userId);
  }

  async unsubscribe(userId: string, endpoint: string): Promise<PushSettings> {
    await this.rateLimits.consume(pushWriteRule, userId);
    await this.transactions.run(async (transaction) => {
      if (await this.repository.deleteByEndpoint(transaction, userId, endpoint)) {
        await this.refreshActive(transaction, userId);
      }
    });
    return await this.settings(userId);
  }

  /** The push service answered 404/410: the browser dropped this subscription. */
  async prune(subscriptionId: string): Promise<void> {
    await this.transactions.run(async (transaction) => {
      const userId = await this.repository.deleteById(transaction, subscriptionId);
      if (userId !== null) await this.refreshActive(transaction, userId);
    });
  }

  async settings(userId: string): Promise<PushSettings> {
    const [preferences, profile] = await Promise.all([
      this.repository.findPreferences(userId),
      this.users.getProfile(userId),
    ]);
    const refusedAt = preferences?.promptRefusedAt ?? null;
    return {
      isPushNotificationsActive: profile.isPushNotificationsActive,
      categories: preferences?.categories ?? { ...defaultCategories },
      promptRefusedAt: refusedAt?.toISOString() ?? null,
      promptAllowed: this.config.enabled && isPushPromptAllowed(refusedAt, this.clock.now()),
    };
  }

  async updateSettings(userId: string, body: UpdatePushSettingsBody): Promise<PushSettings> {
    await this.rateLimits.consume(pushWriteRule, userId);
    const now = this.clock.now();
    await this.transactions.run(async (transaction) => {
      await this.repository.savePreferences(
        transaction,
        userId,
        {
          ...(body.categories ? { categories: body.categories } : {}),
          ...(body.promptRefused ? { promptRefusedAt: now } : {}),
        },
        now,
      );
    });
    return await this.settings(userId);
  }

  /** Whether the player consents to `category` (everything until turned off). */
  async consents(userId: string, category: keyof typeof defaultCategories): Promise<boolean> {
    const preferences = await this.repository.findPreferences(userId);
    return preferences?.categories[category] ?? true;
  }

  private async refreshActive(executor: DatabaseExecutor, userId: string): Promise<void> {
    const count = await this.repository.countForUser(executor, userId);
    await this.users.setPushNotificationsActive(userId, count > 0, executor);
  }

  private assertEnabled(): void {
    if (!this.config.enabled) throw new AppError('push_disabled');
  }
}
