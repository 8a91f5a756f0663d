import { type SportMarket, sportMarketTypes } from '@casino/contract';
import { describe, expect, it } from 'vitest';
import { en } from '@/locales/en';
import { ru } from '@/locales/ru';
import {
  groupMarkets,
  type MarketNaming,
  marketLabel,
  outcomeLabel,
  outcomeTemplateKeys,
} from './markets';

function market(
  id: number,
  typeId: number,
  specifiers: Record<string, string> = {},
  status: SportMarket['status'] = 'active',
  outcomes: string[] = ['1', '2'],
): SportMarket {
  return {
    id,
    typeId,
    name: `server name ${typeId}`,
    specifiers,
    status,
    outcomes: outcomes.map((outcome) => ({
      id: outcome,
      name: `server ${outcome}`,
      odds: '2.00',
      active: true,
    })),
  };
}

function naming(translation: typeof en, ordinal?: (value: string) => string): MarketNaming {
  const tree = translation.Sportsbook as unknown as Record<string, Record<string, string>>;
  return {
    competitors: { home: 'Alpha', away: 'Beta' },
    template: (key) => {
      const [branch, leaf] = key.split('.') as [string, string];
      return tree[branch]?.[leaf];
    },
    ordinal,
  };
}

describe('market grouping on the event page', () => {
  it('groups in the catalog order, types in catalog order, lines by number', () => {
    const groups = groupMarkets([
      market(1, 18, { total: '10.5' }),
      market(2, 29),
      market(3, 18, { total: '2.5' }),
      market(4, 1),
      market(5, 16, { hcp: '-1.5' }),
      market(6, 10),
      market(7, 999),
      market(8, 18, { total: '0.5' }),
    ]);
    expect(groups.map((group) => [group.group, group.markets.map((each) => each.id)])).toEqual([
      ['main', [4, 6]],
      ['goals', [2]],
      ['totals', [8, 3, 1]],
      ['handicaps', [5]],
      ['other', [7]],
    ]);
  });

  it('keeps suspended markets and leaves out settled, cancelled and withdrawn ones', () => {
    const groups = groupMarkets([
      market(1, 1, {}, 'suspended'),
      market(2, 10, {}, 'settled'),
      market(3, 29, {}, 'cancelled'),
      market(4, 18, { total: '2.5' }, 'deactivated'),
      market(5, 16, { hcp: '1' }, 'handed_over'),
    ]);
    expect(groups).toEqual([{ group: 'main', markets: [expect.objectContaining({ id: 1 })] }]);
  });
});

describe('market and outcome names', () => {
  it('English templates are the catalog’s own', () => {
    for (const [typeId, type] of sportMarketTypes) {
      expect(en.Sportsbook.market[String(typeId) as keyof typeof en.Sportsbook.market]).toBe(
        type.name,
      );
      for (const template of Object.values(type.outcomes ?? {})) {
        const key = outcomeTemplateKeys[template];
        if (key)
          expect(en.Sportsbook.outcome[key as keyof typeof en.Sportsbook.outcome]).toBe(template);
      }
    }
  });

  it('are translated with the specifiers, teams and ordinals filled in', () => {
    const russian = naming(ru, (value) => `${value}-й`);
    expect(marketLabel(market(1, 18, { total: '2.5' }), russian)).toBe('Тотал 2.5');
    expect(marketLabel(market(1, 8, { goalnr: '2' }), russian)).toBe('2-й гол');
    const total = market(1, 18, { total: '2.5' }, 'active', ['over', 'under']);
    expect(outcomeLabel(total, total.outcomes[0] as never, russian)).toBe('Больше 2.5');
    const chance = market(2, 10, {}, 'active', ['1X', '12', 'X2']);
    expect(chance.outcomes.map((outcome) => outcomeLabel(chance, outcome, russian))).toEqual([
      'Alpha или ничья',
      'Alpha или Beta',
      'Ничья или Beta',
    ]);
    const handicap = market(3, 16, { hcp: '-1.5' });
    expect(handicap.outcomes.map((outcome) => outcomeLabel(handicap, outcome, russian))).toEqual([
      'Alpha (-1.5)',
      'Beta (+1.5)',
    ]);
    expect(marketLabel(market(1, 204, { setnr: '3' }), naming(en))).toBe('3rd set - winner');
  });

  it('fall back to the server’s English name when the type or outcome is unknown', () => {
    const unknown = market(1, 999, {}, 'active', ['a']);
    expect(marketLabel(unknown, naming(ru))).toBe('server name 999');
    expect(outcomeLabel(unknown, unknown.outcomes[0] as never, naming(ru))).toBe('server a');
    const score = market(2, 41, {}, 'active', ['2:1']);
    expect(outcomeLabel(score, score.outcomes[0] as never, naming(ru))).toBe('server 2:1');
    const none = { ...naming(ru), template: () => undefined };
    expect(marketLabel(market(3, 18, { total: '1.5' }), none)).toBe('server name 18');
  });
});
