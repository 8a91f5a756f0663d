import {
  mainMarketTypeIds,
  type SportEvent,
  type SportEventDiff,
  type SportEventSummary,
  type SportMarket,
} from '@casino/contract';

/**
 * What a realtime diff does to a snapshot at version S (the rule on `sportEventDiffSchema`):
 * a diff older than the snapshot is dropped, one that starts after it means a diff was missed
 * (refetch the snapshot), anything else is applied whole and the snapshot moves to its version.
 * The parts of a large diff share `previous` and `version`, so each part applies alike.
 */
export type DiffResult<T> = { kind: 'applied'; value: T } | { kind: 'stale' } | { kind: 'gap' };

function classify(snapshotVersion: number, diff: SportEventDiff): 'stale' | 'gap' | 'apply' {
  if (diff.version < snapshotVersion) return 'stale';
  if (diff.previous > snapshotVersion) return 'gap';
  return 'apply';
}

/** The fields a diff carries besides markets; an absent field did not change. */
function withState<T extends SportEventSummary | SportEvent>(event: T, diff: SportEventDiff): T {
  return {
    ...event,
    version: diff.version,
    ...(diff.status === undefined ? {} : { status: diff.status }),
    ...(diff.score === undefined ? {} : { score: diff.score }),
    ...(diff.clock === undefined ? {} : { clock: diff.clock }),
  };
}

/** Each changed market replaces its namesake by id; a new one joins at the end. */
function mergeMarkets(markets: readonly SportMarket[], changed: readonly SportMarket[]) {
  if (changed.length === 0) return markets as SportMarket[];
  const byId = new Map(changed.map((market) => [market.id, market]));
  const merged = markets.map((market) => {
    const replacement = byId.get(market.id);
    if (replacement === undefined) return market;
    byId.delete(market.id);
    return replacement;
  });
  return [...merged, ...byId.values()];
}

export function applyEventDiff(event: SportEvent, diff: SportEventDiff): DiffResult<SportEvent> {
  const verdict = classify(event.version, diff);
  if (verdict !== 'apply') return { kind: verdict };
  const next = withState(event, diff);
  if (diff.markets) next.markets = mergeMarkets(event.markets, diff.markets);
  return { kind: 'applied', value: next };
}

const mainTypes: ReadonlySet<number> = new Set(mainMarketTypeIds);

/** A listing's event: only its main market follows the diff (the one it shows, or a main type). */
export function applySummaryDiff(
  event: SportEventSummary,
  diff: SportEventDiff,
): DiffResult<SportEventSummary> {
  const verdict = classify(event.version, diff);
  if (verdict !== 'apply') return { kind: verdict };
  const next = withState(event, diff);
  const markets = diff.markets ?? [];
  const current = event.mainMarket;
  const main =
    (current && markets.find((market) => market.id === current.id)) ??
    (current === null ? markets.find((market) => mainTypes.has(market.typeId)) : undefined);
  if (main !== undefined) next.mainMarket = main;
  return { kind: 'applied', value: next };
}

export interface ListingUpdate {
  events: SportEventSummary[];
  /** the listing changed */
  changed: boolean;
  /** a diff was missed, or a listed event started, ended or was cancelled (it moves or leaves) */
  stale: boolean;
  /** an event the listing does not hold is live (one that just kicked off) */
  unknownLive: boolean;
}

/** A page of events after a batch of diffs from `sport_live:{sportId}`. */
export function applyListingDiffs(
  events: readonly SportEventSummary[],
  diffs: readonly SportEventDiff[],
): ListingUpdate {
  const byId = new Map(events.map((event, index) => [event.id, index]));
  const next = [...events];
  let changed = false;
  let stale = false;
  let unknownLive = false;
  for (const diff of diffs) {
    const index = byId.get(diff.eventId);
    if (index === undefined) {
      if (diff.status === 'live') unknownLive = true;
      continue;
    }
    const current = next[index] as SportEventSummary;
    const result = applySummaryDiff(current, diff);
    if (result.kind === 'stale') continue;
    if (result.kind === 'gap') {
      stale = true;
      continue;
    }
    if (result.value.status !== current.status) stale = true;
    next[index] = result.value;
    changed = true;
  }
  return { events: changed ? next : (events as SportEventSummary[]), changed, stale, unknownLive };
}
