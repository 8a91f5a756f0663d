import type { OffsetPageMeta } from '@casino/contract';

/**
 * The options of a "Rounds: {{count}}" text for a history's page: plural by the count, shown as
 * "1000+" when the server counted only that far past the page (`meta.totalCapped`: a long history
 * is never counted whole).
 */
export function historyTotalOptions(meta: Pick<OffsetPageMeta, 'total' | 'totalCapped'>) {
  return {
    count: meta.total,
    replace: { count: meta.totalCapped ? `${meta.total}+` : String(meta.total) },
  };
}
