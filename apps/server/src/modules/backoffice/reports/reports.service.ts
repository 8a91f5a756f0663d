import {
  currencyScale,
  type Dashboard,
  formatMinorToDecimal,
  type ReportSummary,
} from '@casino/contract';
import type { Clock } from '../../../lib/clock.ts';
import type { ReportsRepository } from './reports.repository.ts';

const dayMs = 86_400_000;

export class ReportsService {
  constructor(
    private readonly repository: ReportsRepository,
    private readonly clock: Clock,
  ) {}

  async summary(from: Date, to: Date, currency: string): Promise<ReportSummary> {
    const sums = await this.repository.summary(from, to, currency);
    const scale = currencyScale(currency);
    const money = (minor: bigint) => formatMinorToDecimal(minor, scale);
    const ggr = sums.betsMinor - sums.winsMinor;
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      currency,
      deposits: money(sums.depositsMinor),
      withdrawals: money(sums.withdrawalsMinor),
      bets: money(sums.betsMinor),
      wins: money(sums.winsMinor),
      ggr: money(ggr),
      bonusCost: money(sums.bonusCostMinor),
      ngr: money(ggr - sums.bonusCostMinor),
      activePlayers: sums.activePlayers,
      betCount: sums.betCount,
    };
  }

  /** Today (since 00:00 UTC), the last 7 and 30 days up to now, liability and the queues. */
  async dashboard(currency: string): Promise<Dashboard> {
    const now = this.clock.now();
    const midnight = new Date(Math.floor(now.getTime() / dayMs) * dayMs);
    const [today, last7Days, last30Days, liability, queues] = await Promise.all([
      this.summary(midnight, now, currency),
      this.summary(new Date(now.getTime() - 7 * dayMs), now, currency),
      this.summary(new Date(now.getTime() - 30 * dayMs), now, currency),
      this.repository.sportOpenLiability(currency),
      this.repository.queues(),
    ]);
    return {
      currency,
      today,
      last7Days,
      last30Days,
      sportOpenLiability: formatMinorToDecimal(liability, currencyScale(currency)),
      queues,
    };
  }
}
