import { describe, expect, it } from 'vitest';
import {
  emptySlip,
  type NewSelection,
  priceDecision,
  readStoredSlip,
  relatedEventIds,
  type SlipAction,
  type SlipState,
  selectionKey,
  serializeSlip,
  slipReducer,
} from './slip-state';

function pick(overrides: Partial<NewSelection> = {}): NewSelection {
  return {
    eventId: 1,
    marketId: 10,
    outcomeId: '1',
    sportId: 1,
    eventName: 'Home v Away',
    marketName: '1x2',
    outcomeName: 'Home',
    live: true,
    odds: '2.00',
    ...overrides,
  };
}

function run(actions: SlipAction[], from: SlipState = emptySlip): SlipState {
  return actions.reduce(slipReducer, from);
}

describe('adding and removing selections', () => {
  it('adds an outcome, and clicking it again removes it', () => {
    const added = run([{ type: 'toggle', selection: pick() }]);
    expect(added.selections.map(selectionKey)).toEqual(['10:1']);
    expect(added.selections[0]).toMatchObject({ state: 'open', offeredOdds: null });
    const removed = slipReducer(added, { type: 'toggle', selection: pick() });
    expect(removed.selections).toEqual([]);
  });

  it('replaces the first outcome of a market with the second, in place, keeping its stake', () => {
    const slip = run([
      { type: 'toggle', selection: pick({ marketId: 10, outcomeId: '1' }) },
      { type: 'toggle', selection: pick({ eventId: 2, marketId: 20, outcomeId: '1' }) },
      { type: 'setSingleStake', key: '10:1', stake: '5' },
      { type: 'toggle', selection: pick({ marketId: 10, outcomeId: '2', odds: '3.10' }) },
    ]);
    expect(slip.selections.map(selectionKey)).toEqual(['10:2', '20:1']);
    expect(slip.singleStakes).toEqual({ '10:2': '5' });
  });

  it('keeps two selections of one event but flags the event', () => {
    const slip = run([
      { type: 'toggle', selection: pick({ marketId: 10 }) },
      { type: 'toggle', selection: pick({ marketId: 11, outcomeId: 'over' }) },
      { type: 'toggle', selection: pick({ eventId: 2, marketId: 20 }) },
    ]);
    expect(slip.selections).toHaveLength(3);
    expect([...relatedEventIds(slip.selections)]).toEqual([1]);
  });

  it('takes no more than 20 selections', () => {
    const actions: SlipAction[] = Array.from({ length: 21 }, (_, index) => ({
      type: 'toggle',
      selection: pick({ eventId: index + 1, marketId: index + 100 }),
    }));
    expect(run(actions).selections).toHaveLength(20);
  });

  it('forgets the stake of a removed selection and a system size that no longer fits', () => {
    const slip = run([
      { type: 'toggle', selection: pick({ eventId: 1, marketId: 10 }) },
      { type: 'toggle', selection: pick({ eventId: 2, marketId: 20 }) },
      { type: 'toggle', selection: pick({ eventId: 3, marketId: 30 }) },
      { type: 'setSingleStake', key: '30:1', stake: '4' },
      { type: 'setSystemSize', size: 'trixie' },
    ]);
    expect(slip.systemSize).toBe('trixie');
    const after = slipReducer(slip, { type: 'remove', key: '30:1' });
    expect(after.singleStakes).toEqual({});
    expect(after.systemSize).toBeNull();
  });

  it('clear empties the slip but remembers the policy', () => {
    const slip = run([
      { type: 'setPolicy', policy: 'any' },
      { type: 'toggle', selection: pick() },
      { type: 'clear' },
    ]);
    expect(slip.selections).toEqual([]);
    expect(slip.policy).toBe('any');
  });
});

describe('the odds-change policy', () => {
  it.each([
    ['none', '2.00', '2.10', 'ask'],
    ['none', '2.00', '1.90', 'ask'],
    ['higher', '2.00', '2.10', 'take'],
    ['higher', '2.00', '1.90', 'ask'],
    ['any', '2.00', '1.50', 'take'],
    ['any', '2.00', '2.50', 'take'],
    ['none', '2.00', '2.0', 'take'],
  ] as const)('%s: %s → %s is %s', (policy, from, to, decision) => {
    expect(priceDecision(policy, from, to)).toBe(decision);
  });

  const slipWith = (policy: SlipState['policy']) =>
    run([
      { type: 'setPolicy', policy },
      { type: 'toggle', selection: pick({ odds: '2.00' }) },
    ]);
  const live = (odds: string | null, state: 'open' | 'suspended' | 'unavailable' = 'open') =>
    ({
      type: 'livePrices',
      prices: [{ marketId: 10, outcomeId: '1', odds, state }],
    }) as const;

  it('higher: a better price is taken silently and shown as old → new', () => {
    const slip = slipReducer(slipWith('higher'), live('2.20'));
    expect(slip.selections[0]).toMatchObject({
      odds: '2.20',
      previousOdds: '2.00',
      offeredOdds: null,
    });
  });

  it('higher: a worse price waits for "Accept changes", which takes it', () => {
    const asked = slipReducer(slipWith('higher'), live('1.80'));
    expect(asked.selections[0]).toMatchObject({ odds: '2.00', offeredOdds: '1.80' });
    const accepted = slipReducer(asked, { type: 'acceptChanges' });
    expect(accepted.selections[0]).toMatchObject({
      odds: '1.80',
      previousOdds: '2.00',
      offeredOdds: null,
    });
  });

  it('none: every move asks; a move back to the held price withdraws the question', () => {
    const asked = slipReducer(slipWith('none'), live('2.30'));
    expect(asked.selections[0]?.offeredOdds).toBe('2.30');
    const back = slipReducer(asked, live('2.00'));
    expect(back.selections[0]).toMatchObject({ odds: '2.00', offeredOdds: null });
  });

  it('any: every move is taken', () => {
    const slip = run([live('1.50'), live('1.40')], slipWith('any'));
    expect(slip.selections[0]).toMatchObject({ odds: '1.40', previousOdds: '1.50' });
  });

  it('switching to a policy that takes the waiting price takes it', () => {
    const asked = slipReducer(slipWith('none'), live('1.70'));
    const taken = slipReducer(asked, { type: 'setPolicy', policy: 'any' });
    expect(taken.selections[0]).toMatchObject({ odds: '1.70', offeredOdds: null });
  });

  it('a suspension marks the selection at once without touching its price; reopening clears it', () => {
    const suspended = slipReducer(slipWith('higher'), live(null, 'suspended'));
    expect(suspended.selections[0]).toMatchObject({ state: 'suspended', odds: '2.00' });
    const reopened = slipReducer(suspended, live('2.00'));
    expect(reopened.selections[0]?.state).toBe('open');
  });

  it('the same prices again change nothing (the same state object comes back)', () => {
    const slip = slipWith('higher');
    expect(slipReducer(slip, live('2.00'))).toBe(slip);
  });

  it("the book's refusal offers its prices whatever the policy", () => {
    const slip = slipReducer(slipWith('any'), {
      type: 'bookPrices',
      prices: [{ marketId: 10, outcomeId: '1', odds: '1.95' }],
    });
    expect(slip.selections[0]).toMatchObject({ odds: '2.00', offeredOdds: '1.95' });
  });
});

describe('the stored slip', () => {
  it('survives a round trip', () => {
    const slip = run([
      { type: 'toggle', selection: pick() },
      { type: 'setSingleStake', key: '10:1', stake: '12.5' },
      { type: 'setPolicy', policy: 'none' },
    ]);
    expect(readStoredSlip(serializeSlip(slip))).toEqual(slip);
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['another version', JSON.stringify({ version: 2, slip: emptySlip })],
    [
      'a selection with bad odds',
      JSON.stringify({
        version: 1,
        slip: {
          ...emptySlip,
          selections: [
            { ...pick(), odds: '2e5', previousOdds: null, offeredOdds: null, state: 'open' },
          ],
        },
      }),
    ],
    ['an unknown policy', JSON.stringify({ version: 1, slip: { ...emptySlip, policy: 'all' } })],
  ])('reads %s as an empty slip', (_name, raw) => {
    expect(readStoredSlip(raw)).toEqual(emptySlip);
  });
});
