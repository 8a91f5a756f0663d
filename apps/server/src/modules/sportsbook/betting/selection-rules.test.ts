import { describe, expect, it } from 'vitest';
import { checkSelections, relatedEvents, type SelectionNow } from './selection-rules.ts';

const open: SelectionNow = {
  event_id: '7',
  event_status: 'live',
  type_id: 1,
  market_status: 'active',
  feed_status: 'active',
  outcome_active: true,
  odds: '2.10',
};
const wanted = { eventId: 7, marketId: 70, outcomeId: '1', odds: '2.1' };

describe('a selection against its current state', () => {
  it('takes the price per policy: none refuses any move, higher a lower price, any takes all', () => {
    expect(checkSelections('none', [wanted], [open])).toEqual({ kind: 'ok', odds: ['2.10'] });
    const higher = { ...open, odds: '2.25' };
    const lower = { ...open, odds: '2.05' };
    expect(checkSelections('none', [wanted], [higher])).toEqual({
      kind: 'odds_changed',
      selections: [{ marketId: 70, outcomeId: '1', odds: '2.25' }],
    });
    expect(checkSelections('higher', [wanted], [higher])).toEqual({ kind: 'ok', odds: ['2.25'] });
    expect(checkSelections('higher', [wanted], [lower]).kind).toBe('odds_changed');
    expect(checkSelections('any', [wanted], [lower])).toEqual({ kind: 'ok', odds: ['2.05'] });
  });

  it('a feed suspension is a bet stop; anything else that closes it is unavailable', () => {
    const reason = (state: SelectionNow | undefined) => {
      const verdict = checkSelections('any', [wanted], [state]);
      return verdict.kind === 'unavailable' ? verdict.selections[0]?.reason : verdict.kind;
    };
    expect(reason({ ...open, market_status: 'suspended', feed_status: 'suspended' })).toBe(
      'bet_stop',
    );
    // held by an operator: the feed has it active
    expect(reason({ ...open, market_status: 'suspended' })).toBe('selection_unavailable');
    expect(reason({ ...open, market_status: 'settled', feed_status: 'settled' })).toBe(
      'selection_unavailable',
    );
    expect(reason({ ...open, event_status: 'ended' })).toBe('selection_unavailable');
    expect(reason({ ...open, outcome_active: false })).toBe('selection_unavailable');
    expect(reason({ ...open, odds: null })).toBe('selection_unavailable');
    // the market belongs to another event than the one asked
    expect(reason({ ...open, event_id: '8' })).toBe('selection_unavailable');
    expect(reason(undefined)).toBe('selection_unavailable');
  });

  it('reports unavailable selections before price moves, each one named', () => {
    const second = { ...wanted, eventId: 9, marketId: 90 };
    const verdict = checkSelections(
      'none',
      [wanted, second],
      [
        { ...open, odds: '3.00' },
        { ...open, event_id: '9', outcome_active: false },
      ],
    );
    expect(verdict).toEqual({
      kind: 'unavailable',
      selections: [{ marketId: 90, outcomeId: '1', reason: 'selection_unavailable' }],
    });
  });
});

describe('related selections', () => {
  it('two selections of one event are related; different events are not', () => {
    expect(relatedEvents([wanted, { ...wanted, marketId: 71 }, { ...wanted, eventId: 3 }])).toEqual(
      [7],
    );
    expect(relatedEvents([wanted, { ...wanted, eventId: 3 }])).toEqual([]);
  });
});
