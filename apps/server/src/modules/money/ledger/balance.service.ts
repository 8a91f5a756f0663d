import {
  type Balance,
  currencies,
  currencyDefinition,
  formatMinorToDecimal,
  primaryCurrencyCodes,
  type WalletCurrency,
} from '@casino/contract';
import type { DatabaseExecutor } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { PlayerBalanceSheet } from './ledger.repository.ts';
import type { AccountBalance, LedgerService } from './ledger.service.ts';

/** The bonus engine's part of the balance: the player's active and pending bonuses. */
export interface BonusSummarySource {
  balanceSummaries(
    userId: string,
    accounts: readonly AccountBalance[],
    primaryCurrency: string,
    executor?: DatabaseExecutor,
  ): Promise<Balance['userBonuses']>;
  /** One bonus's part of the balance from figures given (no read). */
  summaryOf(
    bonus: {
      active: boolean;
      currency: string;
      amountMinor: bigint;
      wagerCurrentMinor: bigint;
      wagerTotalMinor: bigint;
    },
    primaryCurrency: string,
  ): Promise<Balance['userBonuses'][number]>;
}

/** Where the player app finds a currency's icon (drawn by the web app, served from /currencies). */
export function currencyIcon(code: string): string {
  return `/currencies/${code}.svg`;
}

export function walletCurrency(code: string): WalletCurrency {
  const currency = currencyDefinition(code);
  if (!currency) throw new RangeError(`unknown currency ${code}`);
  return {
    code: currency.code,
    name: currency.name,
    displayFormat: currency.displayFormat,
    icon: currencyIcon(currency.code),
    precision: currency.scale,
    isFiat: currency.isFiat,
  };
}

export interface BalanceServiceDependencies {
  ledger: Pick<LedgerService, 'balanceSheet' | 'convert'>;
  bonuses?: BonusSummarySource | undefined;
}

/** The header balance (wallet spec §3 "Balance"), read from the ledger. */
export class BalanceService {
  private readonly ledger: Pick<LedgerService, 'balanceSheet' | 'convert'>;
  private readonly bonuses: BonusSummarySource | undefined;

  constructor({ ledger, bonuses }: BalanceServiceDependencies) {
    this.ledger = ledger;
    this.bonuses = bonuses;
  }

  /**
   * `total` is every spendable balance (main and bonus, in every currency) converted to the
   * primary currency at the rate in force, each rounded down; money held for a withdrawal is not
   * spendable and is left out. `fiat` is the main balance in the primary currency.
   * `userBonuses`: the active bonus and the pending ones (bonuses module).
   * Given a transaction, the balance as that transaction sees it (its own changes included).
   */
  async balance(userId: string, executor?: DatabaseExecutor): Promise<Balance> {
    return (await this.balanceOf(userId, executor)).balance;
  }

  /** The balance with the player's globalId (its realtime channel), from one read. */
  async balanceOf(
    userId: string,
    executor?: DatabaseExecutor,
  ): Promise<{ globalId: string; balance: Balance }> {
    const sheet = await this.ledger.balanceSheet(userId, executor);
    if (!sheet) throw new AppError('unauthorized');
    const userBonuses = this.bonuses
      ? await this.bonuses.balanceSummaries(userId, sheet.accounts, sheet.primaryCurrency, executor)
      : [];
    return { globalId: sheet.globalId, balance: await this.fromSheet(sheet, userBonuses) };
  }

  /** The balance of a balance sheet, with the bonus engine's part given. */
  async fromSheet(
    sheet: Pick<PlayerBalanceSheet, 'primaryCurrency' | 'accounts'>,
    userBonuses: Balance['userBonuses'],
  ): Promise<Balance> {
    const primaryCode = sheet.primaryCurrency;
    const primary = walletCurrency(primaryCode);
    let totalMinor = 0n;
    let fiatMinor = 0n;
    for (const account of sheet.accounts) {
      if (
        account.kind === 'withdrawal_hold' ||
        account.kind === 'bet_hold' ||
        account.balanceMinor === 0n
      ) {
        continue;
      }
      totalMinor += await this.ledger.convert(account.balanceMinor, account.currency, primaryCode);
      if (account.kind === 'main' && account.currency === primaryCode) {
        fiatMinor = account.balanceMinor;
      }
    }
    const money = { code: primary.code, displayFormat: primary.displayFormat, icon: primary.icon };
    return {
      total: {
        currency: money,
        primaryValue: formatMinorToDecimal(totalMinor, primary.precision),
        primaryPrecision: primary.precision,
      },
      fiat: {
        currency: money,
        value: formatMinorToDecimal(fiatMinor, primary.precision),
        primaryValue: formatMinorToDecimal(fiatMinor, primary.precision),
        primaryPrecision: primary.precision,
      },
      userBonuses,
    };
  }

  /**
   * The balance of a sheet whose player holds one open bonus, the active one, given as figures
   * (the instant path's kept bonus after its round): what `balanceOf` reads, without a read.
   */
  async fromSheetWithActiveBonus(
    sheet: Pick<PlayerBalanceSheet, 'primaryCurrency' | 'accounts'>,
    bonus: { currency: string; wagerCurrentMinor: bigint; wagerTotalMinor: bigint },
  ): Promise<Balance> {
    if (!this.bonuses) throw new Error('a balance with a bonus needs the bonus engine');
    const held =
      sheet.accounts.find(
        (account) => account.kind === 'bonus' && account.currency === bonus.currency,
      )?.balanceMinor ?? 0n;
    const summary = await this.bonuses.summaryOf(
      { ...bonus, active: true, amountMinor: held },
      sheet.primaryCurrency,
    );
    return await this.fromSheet(sheet, [summary]);
  }

  /** The currencies a player may choose as primary, in the platform's order. */
  primaryCurrencies(): WalletCurrency[] {
    return currencies
      .filter((currency) => (primaryCurrencyCodes as string[]).includes(currency.code))
      .map((currency) => walletCurrency(currency.code));
  }
}
