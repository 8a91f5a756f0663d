import {
  type CryptoMethod,
  type CryptoMethodCode,
  type CryptoNetworkId,
  cryptoMethodCodeSchema,
  cryptoNetworkIdSchema,
  cryptoNetworkNames,
  currencyDefinition,
  memoNetworks,
} from '@casino/contract';
import type { DatabaseExecutor } from '../../../../../db/database.ts';
import { AppError } from '../../../../../lib/app-error.ts';
import type { CashierBonuses } from '../../../../promotions/bonuses/cashier-bonuses.service.ts';
import type { RatesProvider } from '../../../exchange-rates/rates-provider.ts';
import { addressFormats } from './chains/index.ts';
import { assetScale, formatAtPrecision } from './crypto-amounts.ts';
import type { CryptoMethodRow, CryptoMethodsRepository } from './crypto-methods.repository.ts';

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

  constructor({ repository, bonuses, rates, rails }: CryptoMethodsServiceDependencies) {
    this.repository = repository;
    this.bonuses = bonuses;
    this.rates = rates;
    this.rails = rails;
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
