import {
  type Competitors,
  englishOrdinal,
  fillMarketTemplate,
  type SportMarket,
  type SportMarketGroup,
  sportMarketGroups,
  type sportMarketStatuses,
  sportMarketTypes,
} from '@casino/contract';

/** Markets a player can still look at: open, or suspended for a moment (greyed). */
const shownStatuses: ReadonlySet<(typeof sportMarketStatuses)[number]> = new Set([
  'active',
  'suspended',
]);

export function isMarketShown(market: SportMarket): boolean {
  return shownStatuses.has(market.status);
}

/** A market is backable when active and the outcome is active and priced. */
export function isOutcomeOpen(market: SportMarket, outcome: SportMarket['outcomes'][number]) {
  return market.status === 'active' && outcome.active && outcome.odds !== null;
}

export type MarketGroupKey = SportMarketGroup | 'other';

export interface MarketGroup {
  group: MarketGroupKey;
  markets: SportMarket[];
}

const typeOrder = new Map([...sportMarketTypes.keys()].map((typeId, index) => [typeId, index]));

/** Numbers compare as numbers ("2.5" before "10.5", "-1.5" before "0.5"), else as text. */
function compareSpecifiers(first: SportMarket, second: SportMarket): number {
  const keys = [...new Set([...Object.keys(first.specifiers), ...Object.keys(second.specifiers)])];
  for (const key of keys.sort()) {
    const a = first.specifiers[key] ?? '';
    const b = second.specifiers[key] ?? '';
    if (a === b) continue;
    const numberA = Number(a);
    const numberB = Number(b);
    if (a !== '' && b !== '' && Number.isFinite(numberA) && Number.isFinite(numberB)) {
      return numberA - numberB;
    }
    return a < b ? -1 : 1;
  }
  return 0;
}

/**
 * The event page's markets: settled, cancelled and withdrawn ones leave, the rest are grouped in
 * the catalog's group order (main, goals, totals, …), each group in the catalog's type order
 * and then by line. Types the catalog does not know go last, under "other".
 */
export function groupMarkets(markets: readonly SportMarket[]): MarketGroup[] {
  const groups = new Map<MarketGroupKey, SportMarket[]>();
  for (const market of markets) {
    if (!isMarketShown(market)) continue;
    const group = sportMarketTypes.get(market.typeId)?.group ?? 'other';
    const list = groups.get(group) ?? [];
    list.push(market);
    groups.set(group, list);
  }
  const order: readonly MarketGroupKey[] = [...sportMarketGroups, 'other'];
  return order.flatMap((group) => {
    const list = groups.get(group);
    if (!list) return [];
    const sorted = [...list].sort(
      (first, second) =>
        (typeOrder.get(first.typeId) ?? Number.MAX_SAFE_INTEGER) -
          (typeOrder.get(second.typeId) ?? Number.MAX_SAFE_INTEGER) ||
        compareSpecifiers(first, second) ||
        first.id - second.id,
    );
    return [{ group, markets: sorted }];
  });
}

/**
 * Outcome name templates with words in them, by their English text in the catalog: these are
 * translated (`Sportsbook.outcome.{key}`); templates of placeholders only (a team's name, a
 * handicap) read the same in every language.
 */
export const outcomeTemplateKeys: Readonly<Record<string, string>> = {
  Draw: 'draw',
  '{$competitor1} or draw': 'home_or_draw',
  '{$competitor1} or {$competitor2}': 'home_or_away',
  'Draw or {$competitor2}': 'draw_or_away',
  'Draw ({hcp})': 'draw_handicap',
  'Over {total}': 'over',
  'Under {total}': 'under',
  Yes: 'yes',
  No: 'no',
  'No goal': 'no_goal',
};

export interface MarketNaming {
  competitors: Competitors;
  /** the language's template for a key under `Sportsbook.`, or undefined when it has none */
  template: (key: string) => string | undefined;
  /** the language's ordinal (`{!goalnr}`) */
  ordinal?: (value: string) => string;
}

/** A market's name in the player's language; the server's English name when none is known. */
export function marketLabel(market: SportMarket, naming: MarketNaming): string {
  const template = naming.template(`market.${market.typeId}`);
  if (template === undefined) return market.name;
  return fillMarketTemplate(
    template,
    market.specifiers,
    naming.competitors,
    naming.ordinal ?? englishOrdinal,
  );
}

/** An outcome's name in the player's language; the server's English name when none is known. */
export function outcomeLabel(
  market: SportMarket,
  outcome: SportMarket['outcomes'][number],
  naming: MarketNaming,
): string {
  const english = sportMarketTypes.get(market.typeId)?.outcomes?.[outcome.id];
  if (english === undefined) return outcome.name;
  const key = outcomeTemplateKeys[english];
  const wordless = !/\p{L}/u.test(english.replace(/\{[^}]*\}/g, ''));
  const template =
    key !== undefined ? naming.template(`outcome.${key}`) : wordless ? english : undefined;
  if (template === undefined) return outcome.name;
  return fillMarketTemplate(
    template,
    market.specifiers,
    naming.competitors,
    naming.ordinal ?? englishOrdinal,
  );
}
