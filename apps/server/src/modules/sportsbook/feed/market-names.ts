/**
 * Market and outcome names from a market type and its specifiers (UOF name templates, kept
 * minimal: the simulator's catalog of market types is reconciled with this one file).
 * `{total}` is a specifier's value, `{$competitor1}` / `{$competitor2}` the home and away names,
 * `{+hcp}` / `{-hcp}` the handicap signed for home and for away.
 */

interface MarketType {
  name: string;
  /** outcome id → name template; an outcome not listed is named by its id */
  outcomes: Record<string, string>;
}

const homeDrawAway = { '1': '{$competitor1}', X: 'Draw', '2': '{$competitor2}' };
const homeAway = { '1': '{$competitor1}', '2': '{$competitor2}' };
const overUnder = { over: 'Over {total}', under: 'Under {total}' };
const yesNo = { yes: 'Yes', no: 'No' };

const marketTypes: Record<number, MarketType> = {
  1: { name: '1x2', outcomes: homeDrawAway },
  8: {
    name: '{goalnr} goal',
    outcomes: { '1': '{$competitor1}', none: 'None', '2': '{$competitor2}' },
  },
  10: {
    name: 'Double chance',
    outcomes: {
      '1X': '{$competitor1} or draw',
      '12': '{$competitor1} or {$competitor2}',
      X2: 'Draw or {$competitor2}',
    },
  },
  14: { name: 'Handicap {hcp}', outcomes: homeDrawAway },
  16: {
    name: 'Handicap {hcp}',
    outcomes: { '1': '{$competitor1} ({+hcp})', '2': '{$competitor2} ({-hcp})' },
  },
  18: { name: 'Total {total}', outcomes: overUnder },
  29: { name: 'Both teams to score', outcomes: yesNo },
  41: { name: 'Correct score', outcomes: {} },
  60: { name: '1st half - 1x2', outcomes: homeDrawAway },
  68: { name: '1st half - total {total}', outcomes: overUnder },
  186: { name: 'Winner', outcomes: homeAway },
  219: { name: 'Winner (incl. overtime)', outcomes: homeAway },
  223: {
    name: 'Handicap (incl. overtime)',
    outcomes: { '1': '{$competitor1} ({+hcp})', '2': '{$competitor2} ({-hcp})' },
  },
  225: { name: 'Total {total} (incl. overtime)', outcomes: overUnder },
  327: {
    name: 'Map handicap',
    outcomes: { '1': '{$competitor1} ({+hcp})', '2': '{$competitor2} ({-hcp})' },
  },
  328: { name: 'Total maps', outcomes: overUnder },
  330: { name: 'Map {mapnr} - winner', outcomes: homeAway },
};

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

function fill(
  template: string,
  specifiers: Record<string, string>,
  competitors: Competitors,
): string {
  return template.replace(/\{([$+-]?)([a-z0-9_]+)\}/g, (whole, sign: string, name: string) => {
    if (sign === '$') {
      if (name === 'competitor1') return competitors.home;
      if (name === 'competitor2') return competitors.away;
      return whole;
    }
    const value = specifiers[name];
    if (value === undefined) return whole;
    if (sign === '+') return signed(value);
    if (sign === '-') return negated(value);
    return value;
  });
}

export function marketName(
  typeId: number,
  specifiers: Record<string, string>,
  competitors: Competitors,
): string {
  const type = marketTypes[typeId];
  return type ? fill(type.name, specifiers, competitors) : `Market ${typeId}`;
}

export function outcomeName(
  typeId: number,
  outcomeId: string,
  specifiers: Record<string, string>,
  competitors: Competitors,
): string {
  const template = marketTypes[typeId]?.outcomes[outcomeId];
  return template === undefined ? outcomeId : fill(template, specifiers, competitors);
}
