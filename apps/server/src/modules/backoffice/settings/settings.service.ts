import {
  type FourEyesSetting,
  formatMinorToDecimal,
  fourEyesSettingSchema,
  type LimitCoolingOff,
  maximumCoolingOffHours,
  minimumCoolingOffHours,
  parseDecimalToMinor,
  type RestrictedCountries,
} from '@casino/contract';
import { z } from 'zod';
import type { DatabaseExecutor } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { CacheInvalidation } from '../../../lib/cache-invalidation.ts';
import type { Clock } from '../../../lib/clock.ts';
import { KeyedCache } from '../../../lib/keyed-cache.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../audit/audit.service.ts';
import type { SettingsRepository } from './settings.repository.ts';

const restrictedCountriesKey = 'region.restricted_countries';
const sandboxAutoApproveKey = 'sandbox.auto_approve_enabled';
const limitCoolingOffKey = 'limits.cooling_off_hours';
const storedCoolingOffSchema = z
  .number()
  .int()
  .min(minimumCoolingOffHours)
  .max(maximumCoolingOffHours)
  .nullable()
  .catch(null);
const fourEyesThresholdKey = 'four_eyes.threshold_usd';
/** The maker-checker threshold until an operator sets one: 500 USD. */
const defaultFourEyesThresholdUsd = '500.00';
const storedThresholdSchema = fourEyesSettingSchema.shape.thresholdUsd;
const storedCountriesSchema = z.array(z.string().regex(/^[A-Z]{2}$/));

/**
 * How long the restricted countries are kept: a safety net, as an operator's change reaches every
 * process as it commits (lib/cache-invalidation.ts).
 */
export const settingsCacheTtlMs = 5_000;
/** What every process drops when the restricted countries change. */
const restrictedCountriesCacheKey = 'settings.restricted_countries';

export interface SettingsServiceDependencies {
  repository: SettingsRepository;
  audit: AuditService;
  clock: Clock;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
  caches: CacheInvalidation;
  /** LIMIT_COOLING_OFF_HOURS: the floor of the operator's cooling-off setting */
  limitCoolingOffFloorHours: number;
}

export class SettingsService {
  private readonly cachedCountries: KeyedCache<ReadonlySet<string>>;

  private readonly repository: SettingsRepository;
  private readonly audit: AuditService;
  private readonly clock: Clock;
  private readonly transactions: Transactions;
  private readonly caches: CacheInvalidation;
  private readonly limitCoolingOffFloorHours: number;

  constructor({
    repository,
    audit,
    clock,
    transactions,
    caches,
    limitCoolingOffFloorHours,
  }: SettingsServiceDependencies) {
    this.limitCoolingOffFloorHours = limitCoolingOffFloorHours;
    this.repository = repository;
    this.audit = audit;
    this.clock = clock;
    this.transactions = transactions;
    this.caches = caches;
    this.cachedCountries = new KeyedCache(settingsCacheTtlMs, () => this.clock.now().getTime());
    caches.register(restrictedCountriesCacheKey, () => this.cachedCountries.invalidate());
  }

  /** The countries whose visitors get 451 on the player API, cached for a few seconds. */
  async restrictedCountrySet(): Promise<ReadonlySet<string>> {
    return await this.cachedCountries.get(
      'countries',
      async () => new Set(await this.loadRestrictedCountries()),
    );
  }

  async getRestrictedCountries(): Promise<RestrictedCountries> {
    return { countries: await this.loadRestrictedCountries() };
  }

  async setRestrictedCountries(
    actor: OperatorActor,
    update: RestrictedCountries,
  ): Promise<RestrictedCountries> {
    const countries = [...new Set(update.countries.map((code) => code.toUpperCase()))].sort();
    await this.transactions.run(async (transaction) => {
      const previous = storedCountriesSchema
        .catch([])
        .parse(await this.repository.get(restrictedCountriesKey, transaction));
      await this.repository.put(
        restrictedCountriesKey,
        countries,
        { operatorId: actor.operatorId, at: this.clock.now() },
        transaction,
      );
      await this.audit.record(
        actor,
        {
          action: 'settings.restricted_countries.update',
          targetType: 'setting',
          targetId: restrictedCountriesKey,
          payload: { previous, countries },
        },
        transaction,
      );
      await this.caches.changed(transaction, restrictedCountriesCacheKey);
    });
    return { countries };
  }

  /**
   * The operator's switch of the sandbox's automatic deposit approval: on until an operator
   * turns it off. Read afresh each time (an approval job runs rarely), so every process obeys a
   * change at once.
   */
  async isSandboxAutoApproveEnabled(): Promise<boolean> {
    return z
      .boolean()
      .catch(true)
      .parse(await this.repository.get(sandboxAutoApproveKey));
  }

  async setSandboxAutoApprove(actor: OperatorActor, enabled: boolean): Promise<boolean> {
    await this.transactions.run(async (transaction) => {
      const previous = z
        .boolean()
        .catch(true)
        .parse(await this.repository.get(sandboxAutoApproveKey, transaction));
      await this.repository.put(
        sandboxAutoApproveKey,
        enabled,
        { operatorId: actor.operatorId, at: this.clock.now() },
        transaction,
      );
      await this.audit.record(
        actor,
        {
          action: 'settings.sandbox_auto_approve.update',
          targetType: 'setting',
          targetId: sandboxAutoApproveKey,
          payload: { previous, enabled },
        },
        transaction,
      );
    });
    return enabled;
  }

  /**
   * The cooling-off of a responsible-gambling limit's increase or removal (the limits engine's
   * LimitCoolingOff): the operator's jurisdiction setting, never below LIMIT_COOLING_OFF_HOURS
   * (which applies alone while there is no setting). Read in the change's transaction, so a
   * change of the setting applies to the next request on every process at once.
   */
  async coolingOffMs(executor: DatabaseExecutor): Promise<number> {
    return (await this.limitCoolingOff(executor)).effectiveHours * 3_600_000;
  }

  async limitCoolingOff(executor?: DatabaseExecutor): Promise<LimitCoolingOff> {
    const hours = storedCoolingOffSchema.parse(
      await this.repository.get(limitCoolingOffKey, executor),
    );
    return this.coolingOffView(hours);
  }

  /**
   * Sets the operator's cooling-off (null: LIMIT_COOLING_OFF_HOURS alone): at least that floor,
   * at most 90 days. Changes pending already keep their time; the next request uses the new one.
   */
  async setLimitCoolingOff(actor: OperatorActor, hours: number | null): Promise<LimitCoolingOff> {
    if (hours !== null && hours < this.limitCoolingOffFloorHours) {
      throw new AppError('validation_error', {
        message: `The cooling-off may not be shorter than ${this.limitCoolingOffFloorHours} hours.`,
        payload: {
          fields: [
            {
              field: 'hours',
              message: 'Validation.invalid_value',
              params: { minimum: this.limitCoolingOffFloorHours },
            },
          ],
        },
      });
    }
    return await this.transactions.run(async (transaction) => {
      const previous = storedCoolingOffSchema.parse(
        await this.repository.get(limitCoolingOffKey, transaction),
      );
      await this.repository.put(
        limitCoolingOffKey,
        hours,
        { operatorId: actor.operatorId, at: this.clock.now() },
        transaction,
      );
      await this.audit.record(
        actor,
        {
          action: 'settings.limit_cooling_off.update',
          targetType: 'setting',
          targetId: limitCoolingOffKey,
          payload: { previous, hours },
        },
        transaction,
      );
      return this.coolingOffView(hours);
    });
  }

  private coolingOffView(hours: number | null): LimitCoolingOff {
    const floorHours = this.limitCoolingOffFloorHours;
    return {
      hours,
      floorHours,
      effectiveHours: Math.max(hours ?? floorHours, floorHours),
    };
  }

  /** The maker-checker threshold in USD (decimal string), read afresh: it guards money. */
  async getFourEyesThreshold(): Promise<FourEyesSetting> {
    const stored = storedThresholdSchema
      .catch(defaultFourEyesThresholdUsd)
      .parse(await this.repository.get(fourEyesThresholdKey));
    return { thresholdUsd: stored };
  }

  /** The threshold in USD cents, for the cashier's maker-checker rule. */
  async fourEyesThresholdUsdMinor(): Promise<bigint> {
    const { thresholdUsd } = await this.getFourEyesThreshold();
    return parseDecimalToMinor(thresholdUsd, 2) ?? 0n;
  }

  async setFourEyesThreshold(actor: OperatorActor, update: FourEyesSetting) {
    const thresholdUsd = formatMinorToDecimal(parseDecimalToMinor(update.thresholdUsd, 2) ?? 0n, 2);
    await this.transactions.run(async (transaction) => {
      const previous = storedThresholdSchema
        .catch(defaultFourEyesThresholdUsd)
        .parse(await this.repository.get(fourEyesThresholdKey, transaction));
      await this.repository.put(
        fourEyesThresholdKey,
        thresholdUsd,
        { operatorId: actor.operatorId, at: this.clock.now() },
        transaction,
      );
      await this.audit.record(
        actor,
        {
          action: 'settings.four_eyes_threshold.update',
          targetType: 'setting',
          targetId: fourEyesThresholdKey,
          payload: { previous, thresholdUsd },
        },
        transaction,
      );
    });
    return { thresholdUsd };
  }

  /** First start only: takes RESTRICTED_COUNTRIES as the initial value; later starts keep edits. */
  async seedRestrictedCountries(countries: readonly string[]): Promise<void> {
    await this.repository.putIfAbsent(
      restrictedCountriesKey,
      [...new Set(countries)].sort(),
      this.clock.now(),
    );
  }

  private async loadRestrictedCountries(): Promise<string[]> {
    const stored = await this.repository.get(restrictedCountriesKey);
    if (stored === undefined) return [];
    return storedCountriesSchema.parse(stored);
  }
}
