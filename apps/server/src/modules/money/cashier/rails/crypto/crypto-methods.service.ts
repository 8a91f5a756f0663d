import {
  type BackofficeCryptoMethod,
  type CryptoMethod,
  type CryptoMethodCode,
  type CryptoNetworkId,
  cryptoMethodCodeSchema,
  cryptoNetworkIdSchema,
  cryptoNetworkNames,
  currencyDefinition,
  memoNetworks,
  type UpdateCryptoMethodBody,
} from '@casino/contract';
import type { Updateable } from 'kysely';
import type { DatabaseExecutor } from '../../../../../db/database.ts';
import { AppError } from '../../../../../lib/app-error.ts';
import type { Clock } from '../../../../../lib/clock.ts';
import type { Transactions } from '../../../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../../../backoffice/audit/audit.service.ts';
import type { CashierBonuses } from '../../../../promotions/bonuses/cashier-bonuses.service.ts';
import type { RatesProvider } from '../../../exchange-rates/rates-provider.ts';
import { addressFormats } from './chains/index.ts';
import type { CryptoMethodsTable } from './crypto.tables.ts';
import { assetScale, formatAtPrecision, parseAtPrecision } from './crypto-amounts.ts';
import type { CryptoMethodRow, CryptoMethodsRepository } from './crypto-methods.repository.ts';

/** A catalog row as the operator sees it: amounts as exact decimals of the asset. */
function toBackoffice(row: CryptoMethodRow): BackofficeCryptoMethod {
  const scale = assetScale(row.asset);
  const exact = (minor: bigint) => formatAtPrecision(minor, scale, scale, 'down');
  return {
    code: row.code,
    asset: row.asset,
    network: row.network,
    name: row.name,
    precision: row.precision,
    scale,
    minDeposit: exact(row.min_deposit_minor),
    minWithdraw: exact(row.min_withdraw_minor),
    withdrawFee: exact(row.withdraw_fee_minor),
    cryptobotMinDeposit: exact(row.cryptobot_min_deposit_minor),
    confirmations: row.confirmations,
    valuePresets: row.value_presets,
    withdrawAllowed: row.withdraw_allowed,
    depositEnabled: row.deposit_enabled,
    providers: row.providers.filter(
      (provider): provider is 'cryptobot' | 'ton_connect' =>
        provider === 'cryptobot' || provider === 'ton_connect',
    ),
    sortOrder: row.sort_order,
    updatedAt: row.updated_at.toISOString(),
  };
}

function fieldError(field: string): AppError {
  return new AppError('validation_error', {
    payload: { fields: [{ field, message: 'Validation.invalid_value' }] },
  });
}

/** A catalog row with its typed code and network. */
export interface CryptoMethodEntry {
  row: CryptoMethodRow;
  code: CryptoMethodCode;
  networkId: CryptoNetworkId;
}

/**
 * The network tag the deposit bonus table (currency_deposit_bonuses) uses for a token: the
 * method code after the asset (USDTTRC20 → 'TRC20', USDCSOL → 'SOL'); null for a native coin.
 */
export function bonusNetworkOf(row: Pick<CryptoMethodRow, 'code' | 'asset'>): string | null {
  return row.code !== row.asset && row.code.startsWith(row.asset)
    ? row.code.slice(row.asset.length)
    : null;
}

/** The displayed crypto-bot minimum (spec §9): the larger of the method's and the bot's. */
export function cryptoBotMinimumMinor(row: CryptoMethodRow): bigint {
  return row.min_deposit_minor > row.cryptobot_min_deposit_minor
    ? row.min_deposit_minor
    : row.cryptobot_min_deposit_minor;
}

function toEntry(row: CryptoMethodRow): CryptoMethodEntry {
  return {
    row,
    code: cryptoMethodCodeSchema.parse(row.code),
    networkId: cryptoNetworkIdSchema.parse(row.network),
  };
}

/**
 * Which ways crypto moves on this platform, from the configuration: what the catalog offers and
 * what the deposit and withdrawal services accept. A way that is off is never offered.
 */
export interface CryptoRails {
  /** a chain watcher credits transfers to deposit addresses (CRYPTO_CHAIN_WATCHER) */
  addressDeposits: boolean;
  /** a payout provider pays withdrawals to chain addresses (CRYPTO_PAYOUT_PROVIDER) */
  chainPayouts: boolean;
  /** the crypto-bot takes invoices and pays transfers (CRYPTOBOT_MODE) */
  cryptobot: boolean;
}

function railOff(message: string): AppError {
  return new AppError('payments_are_disabled', { message });
}

export interface CryptoMethodsServiceDependencies {
  repository: CryptoMethodsRepository;
  bonuses: Pick<CashierBonuses, 'currencyDepositBonuses'>;
  rates: RatesProvider;
  rails: CryptoRails;
  /** the operator's edits (absent: the catalog is read-only, as in unit tests) */
  editing?: { audit: AuditService; transactions: Transactions; clock: Clock };
}

/**
 * The crypto methods catalog (spec §3 "Currency / crypto method"): operator-edited rows of
 * crypto_methods, with the deposit bonus of the asset (and network) from the bonuses module and
 * the asset's rate in the player's primary currency.
 */
export class CryptoMethodsService {
  private readonly repository: CryptoMethodsRepository;
  private readonly bonuses: Pick<CashierBonuses, 'currencyDepositBonuses'>;
  private readonly rates: RatesProvider;
  private readonly rails: CryptoRails;
  private readonly editing: CryptoMethodsServiceDependencies['editing'];

  constructor({ repository, bonuses, rates, rails, editing }: CryptoMethodsServiceDependencies) {
    this.repository = repository;
    this.bonuses = bonuses;
    this.rates = rates;
    this.rails = rails;
    this.editing = editing;
  }

  /** `GET /api/backoffice/v1/crypto/methods`: every method, enabled or not. */
  async listForOperators(): Promise<BackofficeCryptoMethod[]> {
    return (await this.repository.list()).map(toBackoffice);
  }

  /**
   * `PATCH /api/backoffice/v1/crypto/methods/{code}`: the operator's edit, audited with the
   * values before and after. Amounts take at most the asset's ledger scale's decimals; the
   * precision at most that scale; minimums above zero.
   */
  async update(
    code: string,
    body: UpdateCryptoMethodBody,
    actor: OperatorActor,
  ): Promise<BackofficeCryptoMethod> {
    const editing = this.editing;
    if (!editing) throw new Error('The crypto methods are read-only here.');
    return await editing.transactions.run(async (transaction) => {
      const before = await this.repository.lock(code, transaction);
      if (!before) throw new AppError('not_found', { message: 'No crypto method has this code.' });
      const scale = assetScale(before.asset);
      const amount = (field: string, value: string | undefined, positive: boolean) => {
        if (value === undefined) return undefined;
        const minor = parseAtPrecision(value, scale, scale);
        if (minor === null || (positive ? minor <= 0n : minor < 0n)) throw fieldError(field);
        return minor;
      };
      if (body.precision !== undefined && body.precision > scale) throw fieldError('precision');
      const changes: Updateable<CryptoMethodsTable> = { updated_at: editing.clock.now() };
      if (body.name !== undefined) changes.name = body.name;
      if (body.precision !== undefined) changes.precision = body.precision;
      const minDeposit = amount('minDeposit', body.minDeposit, true);
      if (minDeposit !== undefined) changes.min_deposit_minor = minDeposit;
      const minWithdraw = amount('minWithdraw', body.minWithdraw, true);
      if (minWithdraw !== undefined) changes.min_withdraw_minor = minWithdraw;
      const fee = amount('withdrawFee', body.withdrawFee, false);
      if (fee !== undefined) changes.withdraw_fee_minor = fee;
      const botMinimum = amount('cryptobotMinDeposit', body.cryptobotMinDeposit, true);
      if (botMinimum !== undefined) changes.cryptobot_min_deposit_minor = botMinimum;
      if (body.confirmations !== undefined) changes.confirmations = body.confirmations;
      if (body.valuePresets !== undefined) {
        body.valuePresets.forEach((preset) => {
          amount('valuePresets', preset, true);
        });
        changes.value_presets = body.valuePresets;
      }
      if (body.withdrawAllowed !== undefined) changes.withdraw_allowed = body.withdrawAllowed;
      if (body.depositEnabled !== undefined) changes.deposit_enabled = body.depositEnabled;
      if (body.providers !== undefined) changes.providers = body.providers;
      if (body.sortOrder !== undefined) changes.sort_order = body.sortOrder;
      const after = await this.repository.update(code, changes, transaction);
      const { updatedAt: _before, ...previous } = toBackoffice(before);
      const { updatedAt: _after, ...next } = toBackoffice(after);
      await editing.audit.record(
        actor,
        {
          action: 'crypto_method.update',
          targetType: 'crypto_method',
          targetId: code,
          payload: { before: previous, after: next },
        },
        transaction,
      );
      return toBackoffice(after);
    });
  }

  /** payments_are_disabled unless a chain watcher credits deposit addresses. */
  assertAddressDeposits(): void {
    if (!this.rails.addressDeposits) {
      throw railOff('Deposits to a crypto address are not available on this platform.');
    }
  }

  /** payments_are_disabled unless a payout provider pays chain withdrawals. */
  assertChainPayouts(): void {
    if (!this.rails.chainPayouts) {
      throw railOff('Withdrawals to a crypto address are not available on this platform.');
    }
  }

  /** payments_are_disabled unless the crypto-bot is configured. */
  assertCryptoBot(): void {
    if (!this.rails.cryptobot) {
      throw railOff('The crypto-bot is not available on this platform.');
    }
  }

  /**
   * `GET /api/v1/wallet/currencies/crypto`: the enabled methods a player can deposit by (to an
   * address, or through the crypto-bot), with only the providers and withdrawals that are on;
   * `rate` null for guests.
   */
  async list(primaryCurrency: string | null): Promise<CryptoMethod[]> {
    const [rows, bonuses] = await Promise.all([
      this.repository.list(),
      this.bonuses.currencyDepositBonuses(),
    ]);
    const rates = new Map<string, string | null>();
    const rateOf = async (asset: string): Promise<string | null> => {
      if (primaryCurrency === null) return null;
      if (!rates.has(asset)) {
        rates.set(
          asset,
          await this.rates.rate(asset, primaryCurrency).then(
            (found) => found.rate,
            () => null,
          ),
        );
      }
      return rates.get(asset) ?? null;
    };
    const methods: CryptoMethod[] = [];
    for (const row of rows) {
      if (!row.deposit_enabled) continue;
      const cryptobot = this.rails.cryptobot && row.providers.includes('cryptobot');
      if (!this.rails.addressDeposits && !cryptobot) continue;
      const entry = toEntry(row);
      const network = bonusNetworkOf(row);
      const bonus =
        bonuses.find(
          (item) => item.code === row.asset && network !== null && item.network === network,
        ) ?? bonuses.find((item) => item.code === row.asset && item.network === null);
      const scale = assetScale(row.asset);
      const icon = `/crypto/${row.asset.toLowerCase()}.svg`;
      methods.push({
        code: entry.code,
        asset: row.asset,
        networkId: entry.networkId,
        network: cryptoNetworkNames[entry.networkId],
        name: row.name,
        precision: row.precision,
        icon,
        iconBig: icon,
        isFiat: false,
        displayFormat: currencyDefinition(row.asset)?.displayFormat ?? `{amount} ${row.asset}`,
        minDepositAmount: formatAtPrecision(row.min_deposit_minor, scale, row.precision, 'up'),
        minWithdrawAmount: formatAtPrecision(row.min_withdraw_minor, scale, row.precision, 'up'),
        addressFormat: addressFormats[entry.networkId],
        withdrawAllowed: row.withdraw_allowed && this.rails.chainPayouts,
        depositBonusAvailable: bonus?.depositBonusAvailable ?? false,
        depositBonus: bonus?.depositBonus ?? 0,
        valuePresets: row.value_presets,
        // TON Connect sends to the player's deposit address, so it needs the chain watcher
        additionalProviders: row.providers.filter(
          (provider): provider is 'cryptobot' | 'ton_connect' =>
            (provider === 'cryptobot' && this.rails.cryptobot) ||
            (provider === 'ton_connect' && this.rails.addressDeposits),
        ),
        memoSupported: memoNetworks.includes(entry.networkId),
        confirmations: row.confirmations,
        rate: await rateOf(row.asset),
      });
    }
    return methods;
  }

  /** The catalog row of a method code, or null (also for codes outside the contract). */
  async find(code: string, executor?: DatabaseExecutor): Promise<CryptoMethodEntry | null> {
    const row = await this.repository.find(code, executor);
    if (!row) return null;
    const parsed = cryptoMethodCodeSchema.safeParse(row.code);
    return parsed.success ? toEntry(row) : null;
  }
}
