/**
 * The sportsbook's market types, after the Unified Odds Feed's catalogue: one numeric type id, a
 * name template with specifiers, a display group and the outcomes with stable ids and name
 * templates. The feed's simulator offers exactly these, the server names markets with them in
 * English and the player app groups them and translates the templates (its locales, keyed by
 * type id). Template placeholders: `{total}` a specifier's value; `{+hcp}` / `{-hcp}` the
 * handicap signed for home and for away; `{!goalnr}` a specifier as an ordinal (1st, 2nd);
 * `{$competitor1}` / `{$competitor2}` the home and away names.
 */

export const sportMarketGroups = [
  'main',
  'goals',
  'totals',
  'handicaps',
  'halves',
  'sets',
  'maps',
  'correct_score',
] as const;
export type SportMarketGroup = (typeof sportMarketGroups)[number];

export interface SportMarketType {
  id: number;
  name: string;
  group: SportMarketGroup;
  specifiers: readonly string[];
  /** outcome id → name template; null when the outcomes are named by their ids (correct score) */
  outcomes: Readonly<Record<string, string>> | null;
}

const home = '{$competitor1}';
const away = '{$competitor2}';
const threeWay = { '1': home, X: 'Draw', '2': away };
const twoWay = { '1': home, '2': away };
const overUnder = { over: 'Over {total}', under: 'Under {total}' };
const handicap = { '1': `${home} ({+hcp})`, '2': `${away} ({-hcp})` };

const types: readonly SportMarketType[] = [
  // football
  { id: 1, name: '1x2', group: 'main', specifiers: [], outcomes: threeWay },
  {
    id: 10,
    name: 'Double chance',
    group: 'main',
    specifiers: [],
    outcomes: { '1X': `${home} or draw`, '12': `${home} or ${away}`, X2: `Draw or ${away}` },
  },
  { id: 18, name: 'Total {total}', group: 'totals', specifiers: ['total'], outcomes: overUnder },
  { id: 16, name: 'Handicap {hcp}', group: 'handicaps', specifiers: ['hcp'], outcomes: handicap },
  {
    id: 14,
    name: 'European handicap {hcp}',
    group: 'handicaps',
    specifiers: ['hcp'],
    outcomes: { '1': `${home} ({hcp})`, X: 'Draw ({hcp})', '2': `${away} ({hcp})` },
  },
  {
    id: 29,
    name: 'Both teams to score',
    group: 'goals',
    specifiers: [],
    outcomes: { yes: 'Yes', no: 'No' },
  },
  { id: 41, name: 'Correct score', group: 'correct_score', specifiers: [], outcomes: null },
  {
    id: 8,
    name: '{!goalnr} goal',
    group: 'goals',
    specifiers: ['goalnr'],
    outcomes: { '1': home, none: 'No goal', '2': away },
  },
  { id: 60, name: '1st half - 1x2', group: 'halves', specifiers: [], outcomes: threeWay },
  {
    id: 68,
    name: '1st half - total {total}',
    group: 'halves',
    specifiers: ['total'],
    outcomes: overUnder,
  },
  // tennis and e-sports share the winner
  { id: 186, name: 'Winner', group: 'main', specifiers: [], outcomes: twoWay },
  {
    id: 204,
    name: '{!setnr} set - winner',
    group: 'sets',
    specifiers: ['setnr'],
    outcomes: twoWay,
  },
  {
    id: 189,
    name: 'Total games {total}',
    group: 'totals',
    specifiers: ['total'],
    outcomes: overUnder,
  },
  {
    id: 187,
    name: 'Game handicap {hcp}',
    group: 'handicaps',
    specifiers: ['hcp'],
    outcomes: handicap,
  },
  // basketball
  { id: 219, name: 'Winner (incl. overtime)', group: 'main', specifiers: [], outcomes: twoWay },
  {
    id: 223,
    name: 'Handicap {hcp} (incl. overtime)',
    group: 'handicaps',
    specifiers: ['hcp'],
    outcomes: handicap,
  },
  {
    id: 225,
    name: 'Total {total} (incl. overtime)',
    group: 'totals',
    specifiers: ['total'],
    outcomes: overUnder,
  },
  // e-sports
  {
    id: 330,
    name: '{!mapnr} map - winner',
    group: 'maps',
    specifiers: ['mapnr'],
    outcomes: twoWay,
  },
  {
    id: 328,
    name: 'Total maps {total}',
    group: 'totals',
    specifiers: ['total'],
    outcomes: overUnder,
  },
  {
    id: 327,
    name: 'Map handicap {hcp}',
    group: 'handicaps',
    specifiers: ['hcp'],
    outcomes: handicap,
  },
];

export const sportMarketTypes: ReadonlyMap<number, SportMarketType> = new Map(
  types.map((type) => [type.id, type]),
);

/** The market types a listing shows as an event's main market, first found first. */
export const mainMarketTypeIds = [1, 186, 219] as const;

export interface Competitors {
  home: string;
  away: string;
}

function negated(value: string): string {
  if (value.startsWith('-')) return `+${value.slice(1)}`;
  if (value.startsWith('+')) return `-${value.slice(1)}`;
  return value === '0' ? value : `-${value}`;
}

function signed(value: string): string {
  return value.startsWith('-') || value.startsWith('+') || value === '0' ? value : `+${value}`;
}

/** English ordinals: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st. */
export function englishOrdinal(value: string): string {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) return value;
  const lastTwo = number % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${number}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][number % 10] ?? 'th';
  return `${number}${suffix}`;
}

/**
 * Fills a name template (see the file's comment); `ordinal` renders `{!name}` (English by
 * default; the player app passes its language's). An unknown placeholder stays as it is.
 */
export function fillMarketTemplate(
  template: string,
  specifiers: Readonly<Record<string, string>>,
  competitors: Competitors,
  ordinal: (value: string) => string = englishOrdinal,
): string {
  return template.replace(/\{([$+\-!]?)([a-z0-9_]+)\}/g, (whole, sign: string, name: string) => {
    if (sign === '$') {
      if (name === 'competitor1') return competitors.home;
      if (name === 'competitor2') return competitors.away;
      return whole;
    }
    const value = specifiers[name];
    if (value === undefined) return whole;
    if (sign === '+') return signed(value);
    if (sign === '-') return negated(value);
    if (sign === '!') return ordinal(value);
    return value;
  });
}

export function marketName(
  typeId: number,
  specifiers: Readonly<Record<string, string>>,
  competitors: Competitors,
): string {
  const type = sportMarketTypes.get(typeId);
  return type ? fillMarketTemplate(type.name, specifiers, competitors) : `Market ${typeId}`;
}

export function outcomeName(
  typeId: number,
  outcomeId: string,
  specifiers: Readonly<Record<string, string>>,
  competitors: Competitors,
): string {
  const template = sportMarketTypes.get(typeId)?.outcomes?.[outcomeId];
  return template === undefined ? outcomeId : fillMarketTemplate(template, specifiers, competitors);
}
