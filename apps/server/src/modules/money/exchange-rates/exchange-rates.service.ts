import type { SetExchangeRatesBody } from '@casino/contract';
import type { CacheInvalidation } from '../../../lib/cache-invalidation.ts';
import type { Clock } from '../../../lib/clock.ts';
import { KeyedCache } from '../../../lib/keyed-cache.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { ExchangeRatesRepository, StoredRate } from './exchange-rates.repository.ts';
import { invertRate, multiplyRates, normaliseRate } from './rate-math.ts';
import type { RatesProvider } from './rates-provider.ts';

/** The currency every other one is quoted against when no direct pair is set. */
export const crossCurrency = 'USD';

/**
 * Rates older than this are re-read: a safety net, as an operator's change reaches every server
 * process as it commits (lib/cache-invalidation.ts).
 */
export const ratesCacheTtlMs = 5_000;
/** What every process drops when the operator sets rates. */
const ratesCacheKey = 'money.exchange_rates';

export interface ExchangeRatesServiceDependencies {
  repository: ExchangeRatesRepository;
  audit: AuditService;
  clock: Clock;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
  caches: CacheInvalidation;
}

/**
 * The default rates provider: the operator-set `exchange_rates` table. A pair is found directly,
 * inverted, or crossed through USD (each leg direct or inverted); derived rates are rounded down
 * at 20 decimals (rate-math.ts).
 */
export class ExchangeRatesService implements RatesProvider {
  private readonly cached: KeyedCache<Map<string, StoredRate>>;

  private readonly repository: ExchangeRatesRepository;
  private readonly audit: AuditService;
  private readonly clock: Clock;
  private readonly transactions: Transactions;
  private readonly caches: CacheInvalidation;

  constructor({
    repository,
    audit,
    clock,
    transactions,
    caches,
  }: ExchangeRatesServiceDependencies) {
    this.repository = repository;
    this.audit = audit;
    this.clock = clock;
    this.transactions = transactions;
    this.caches = caches;
    this.cached = new KeyedCache(ratesCacheTtlMs, () => this.clock.now().getTime());
    caches.register(ratesCacheKey, () => this.cached.invalidate());
  }

  async rate(from: string, to: string): Promise<{ rate: string; asOf: Date }> {
    if (from === to) return { rate: '1', asOf: new Date(0) };
    const rates = await this.currentRates();
    const direct = leg(rates, from, to);
    if (direct) return direct;
    const first = leg(rates, from, crossCurrency);
    const second = leg(rates, crossCurrency, to);
    if (!first || !second) throw new Error(`no exchange rate from ${from} to ${to}`);
    return {
      rate: multiplyRates(first.rate, second.rate),
      asOf: first.asOf < second.asOf ? first.asOf : second.asOf,
    };
  }

  async list(): Promise<StoredRate[]> {
    return (await this.repository.list()).map((rate) => ({
      ...rate,
      rate: normaliseRate(rate.rate),
    }));
  }

  /** Sets the given pairs in one transaction, audited with the previous values. */
  async set(actor: OperatorActor, body: SetExchangeRatesBody): Promise<StoredRate[]> {
    const at = this.clock.now();
    await this.transactions.run(async (transaction) => {
      const previous = await this.repository.list(transaction);
      for (const rate of body.rates) {
        await this.repository.put(
          { base: rate.base, quote: rate.quote, rate: normaliseRate(rate.rate) },
          { operatorId: actor.operatorId, at },
          transaction,
        );
      }
      await this.audit.record(
        actor,
        {
          action: 'exchange_rates.update',
          targetType: 'exchange_rates',
          targetId: body.rates
            .map((rate) => `${rate.base}/${rate.quote}`)
            .join(',')
            .slice(0, 100),
          payload: {
            rates: body.rates.map((rate) => ({ ...rate, rate: normaliseRate(rate.rate) })),
            previous: previous
              .filter((stored) =>
                body.rates.some(
                  (rate) =>
                    (rate.base === stored.base && rate.quote === stored.quote) ||
                    (rate.base === stored.quote && rate.quote === stored.base),
                ),
              )
              .map((stored) => ({
                base: stored.base,
                quote: stored.quote,
                rate: normaliseRate(stored.rate),
              })),
          },
        },
        transaction,
      );
      await this.caches.changed(transaction, ratesCacheKey);
    });
    return await this.list();
  }

  private async currentRates(): Promise<Map<string, StoredRate>> {
    return await this.cached.get(
      'rates',
      async () =>
        new Map((await this.repository.list()).map((rate) => [`${rate.base}/${rate.quote}`, rate])),
    );
  }
}

function leg(
  rates: Map<string, StoredRate>,
  from: string,
  to: string,
): { rate: string; asOf: Date } | null {
  if (from === to) return { rate: '1', asOf: new Date(0) };
  const direct = rates.get(`${from}/${to}`);
  if (direct) return { rate: normaliseRate(direct.rate), asOf: direct.setAt };
  const inverse = rates.get(`${to}/${from}`);
  if (inverse) return { rate: invertRate(inverse.rate), asOf: inverse.setAt };
  return null;
}
