import {
  diceOutcome,
  fairFloatList,
  minesAct,
  minesOutcomeOf,
  minesStart,
  type Round,
  serverSeedHash,
} from '@casino/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyVerificationForm,
  formFromRound,
  matchesRound,
  paramsToTexts,
  textsToParams,
  verify,
} from './verification';

const serverSeed = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);
const seeds = { serverSeed, clientSeed: 'my-lucky-seed', nonce: 7 };

function storedRound(overrides: Partial<Round>): Round {
  return {
    id: 'r1',
    gameId: 'dice-classic',
    engine: 'dice',
    state: 'settled',
    currency: 'USD',
    bet: '1.00',
    payout: '0.00',
    multiplier: '0.0000',
    rtp: '0.9900',
    params: {},
    outcome: {},
    clientSeed: seeds.clientSeed,
    nonce: seeds.nonce,
    serverSeedHash: serverSeedHash(serverSeed),
    serverSeed,
    createdAt: '2026-01-01T00:00:00.000Z',
    settledAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('verify', () => {
  it('recomputes a dice round the way it was played and checks the commitment', () => {
    const params = { target: 50.5, direction: 'over' as const };
    const played = diceOutcome(fairFloatList(seeds, 1), params, '0.9900');
    const round = storedRound({
      params,
      outcome: { ...played.outcome },
      multiplier: played.multiplier,
    });

    const verification = verify(formFromRound(round));
    expect(verification.ok).toBe(true);
    if (!verification.ok) return;
    expect(verification.value.hashMatches).toBe(true);
    expect(verification.value.floats).toEqual(fairFloatList(seeds, 1));
    expect(matchesRound(verification.value.result, round)).toBe(true);
  });

  it('replays a mines round from the clicks and shows where the mines were', () => {
    const floats = fairFloatList(seeds, 24);
    let state = minesStart(floats, { mines: 3 });
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter(
      (tile) => !state.minePositions.includes(tile),
    );
    for (const tile of safe.slice(0, 2)) {
      const step = minesAct(state, { action: 'reveal', tile }, '0.9900');
      if (step.success) state = step.state;
    }
    const cashed = minesAct(state, { action: 'cashout' }, '0.9900');
    if (!cashed.success) throw new Error('cash-out refused');
    const round = storedRound({
      engine: 'mines',
      params: { mines: 3 },
      outcome: { ...minesOutcomeOf(cashed.state) },
      multiplier: cashed.multiplier,
    });

    const form = formFromRound(round);
    expect(form.minesRevealed).toBe(safe.slice(0, 2).join(', '));
    const verification = verify(form);
    expect(verification.ok && matchesRound(verification.value.result, round)).toBe(true);
  });

  it('tells when the seed does not hash to the commitment or the round differs', () => {
    const params = { target: 2 };
    const round = storedRound({ engine: 'limbo', params, outcome: { result: 1 } });
    const form = { ...formFromRound(round), serverSeedHash: 'f'.repeat(64) };
    const verification = verify(form);
    expect(verification.ok).toBe(true);
    if (!verification.ok) return;
    expect(verification.value.hashMatches).toBe(false);
    expect(
      matchesRound(verification.value.result, { outcome: { result: -1 }, multiplier: '0.0000' }),
    ).toBe(false);
  });

  it('names the first field it cannot read', () => {
    const form = emptyVerificationForm('keno');
    expect(verify(form)).toEqual({ ok: false, field: 'serverSeed' });
    expect(verify({ ...form, serverSeed })).toEqual({ ok: false, field: 'clientSeed' });
    expect(verify({ ...form, serverSeed, clientSeed: 'x', nonce: '-1' })).toEqual({
      ok: false,
      field: 'nonce',
    });
    expect(
      verify({ ...form, serverSeed, clientSeed: 'x', params: { picks: '1, 1', risk: 'low' } }),
    ).toEqual({ ok: false, field: 'params' });
    expect(verify({ ...form, serverSeed, clientSeed: 'x' }).ok).toBe(true);
  });
});

describe('params inputs', () => {
  it('round-trip through their text', () => {
    const params = { picks: [3, 14, 40], risk: 'high' };
    const texts = paramsToTexts('keno', params);
    expect(texts).toEqual({ picks: '3, 14, 40', risk: 'high' });
    expect(textsToParams('keno', texts)).toEqual(params);
    expect(textsToParams('dice', { target: '', direction: 'under' }).target).toBeNaN();
  });
});
