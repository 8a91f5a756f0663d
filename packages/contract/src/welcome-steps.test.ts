import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isWelcomeDeposit,
  nextWelcomeStep,
  pickWelcomeSteps,
  type WelcomeStepCandidate,
  welcomeStepCount,
  welcomeStepForDeposit,
} from './welcome-steps.ts';

interface Offer extends WelcomeStepCandidate {
  id: string;
}

function step(id: string, depositNumber: number | null, extra: Partial<Offer> = {}): Offer {
  return { id, depositNumber, freespinsCount: 0, isClaimed: false, ...extra };
}

/** The four steps, those numbered in `claimed` already received. */
function fourSteps(claimed: readonly number[] = []): Offer[] {
  return [1, 2, 3, 4].map((number) =>
    step(`step-${number}`, number, { isClaimed: claimed.includes(number) }),
  );
}

const idOf = (offer: Offer | null) => offer?.id ?? null;

describe('welcomeStepCount and isWelcomeDeposit', () => {
  it('spreads the welcome bonus over the first four deposits (wallet spec §9)', () => {
    expect(welcomeStepCount).toBe(4);
    expect([1, 2, 3, 4].map(isWelcomeDeposit)).toEqual([true, true, true, true]);
  });

  it('leaves out every other deposit number', () => {
    for (const number of [0, -1, 5, 12, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isWelcomeDeposit(number), String(number)).toBe(false);
    }
  });
});

describe('pickWelcomeSteps', () => {
  it('orders one step per deposit number and leaves out offers without a step number', () => {
    const picked = pickWelcomeSteps([
      step('third', 3),
      step('none', null),
      step('first', 1),
      step('zero', 0),
      step('beyond', 5),
      step('second', 2),
    ]);
    expect(picked.map((offer) => offer.id)).toEqual(['first', 'second', 'third']);
  });

  it('keeps the first listed offer of a step, except the last step: the most free spins', () => {
    const picked = pickWelcomeSteps([
      step('one-a', 1, { freespinsCount: 0 }),
      step('one-b', 1, { freespinsCount: 200 }),
      step('four-a', 4, { freespinsCount: 50 }),
      step('four-b', 4, { freespinsCount: 100 }),
      step('four-c', 4, { freespinsCount: 100 }),
    ]);
    expect(picked.map((offer) => offer.id)).toEqual(['one-a', 'four-b']);
  });

  it('has no steps without welcome offers', () => {
    expect(pickWelcomeSteps([])).toEqual([]);
  });
});

describe('nextWelcomeStep', () => {
  it('is the first step not received, in step order', () => {
    expect(idOf(nextWelcomeStep(fourSteps()))).toBe('step-1');
    expect(idOf(nextWelcomeStep(fourSteps([1])))).toBe('step-2');
    expect(idOf(nextWelcomeStep(fourSteps([1, 3])))).toBe('step-2');
    expect(idOf(nextWelcomeStep(fourSteps([2, 3, 4])))).toBe('step-1');
    expect(idOf(nextWelcomeStep(fourSteps([1, 2, 3])))).toBe('step-4');
  });

  it('is none once every step is received, or when there are no steps', () => {
    expect(nextWelcomeStep(fourSteps([1, 2, 3, 4]))).toBeNull();
    expect(nextWelcomeStep([])).toBeNull();
  });
});

describe('welcomeStepForDeposit', () => {
  it('gives each deposit its own step while every deposit qualifies', () => {
    expect(idOf(welcomeStepForDeposit(fourSteps(), 1))).toBe('step-1');
    expect(idOf(welcomeStepForDeposit(fourSteps([1]), 2))).toBe('step-2');
    expect(idOf(welcomeStepForDeposit(fourSteps([1, 2]), 3))).toBe('step-3');
    expect(idOf(welcomeStepForDeposit(fourSteps([1, 2, 3]), 4))).toBe('step-4');
  });

  it('offers a missed step to the next deposit: deposit 2 below step 2’s minimum, deposit 3 gets step 2', () => {
    expect(idOf(welcomeStepForDeposit(fourSteps([1]), 3))).toBe('step-2');
    expect(idOf(welcomeStepForDeposit(fourSteps([1]), 4))).toBe('step-2');
    expect(idOf(welcomeStepForDeposit(fourSteps([1, 2]), 4))).toBe('step-3');
    expect(idOf(welcomeStepForDeposit(fourSteps(), 4))).toBe('step-1');
  });

  it('gives nothing after the fourth deposit, even with steps left', () => {
    expect(welcomeStepForDeposit(fourSteps([1, 2, 3]), 5)).toBeNull();
    expect(welcomeStepForDeposit(fourSteps(), 5)).toBeNull();
    expect(welcomeStepForDeposit(fourSteps(), 0)).toBeNull();
  });

  it('gives nothing when every step is received', () => {
    expect(welcomeStepForDeposit(fourSteps([1, 2, 3, 4]), 4)).toBeNull();
  });

  it('never gives a step before its own deposit number', () => {
    const gap = [step('first', 1, { isClaimed: true }), step('third', 3)];
    expect(welcomeStepForDeposit(gap, 2)).toBeNull();
    expect(idOf(welcomeStepForDeposit(gap, 3))).toBe('third');
    expect(idOf(welcomeStepForDeposit(gap, 4))).toBe('third');
  });

  it('gives the first step not received, also when a later one was received first', () => {
    expect(idOf(welcomeStepForDeposit(fourSteps([1, 3]), 3))).toBe('step-2');
    expect(idOf(welcomeStepForDeposit(fourSteps([2]), 2))).toBe('step-1');
  });

  it('for any run of deposits: steps come in order, once each, one per qualifying welcome deposit', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 10 }), (qualifying) => {
        const offers = fourSteps();
        const received: number[] = [];
        for (const [index, qualifies] of qualifying.entries()) {
          const granted = welcomeStepForDeposit(offers, index + 1);
          if (granted === null || !qualifies) continue;
          expect(granted.depositNumber).toBeLessThanOrEqual(index + 1);
          granted.isClaimed = true;
          received.push(granted.depositNumber);
        }
        const welcomeQualifying = qualifying.slice(0, welcomeStepCount).filter(Boolean).length;
        // as many steps as qualifying deposits among the first four, steps 1, 2, … in order
        expect(received).toEqual(Array.from({ length: welcomeQualifying }, (_, at) => at + 1));
      }),
    );
  });
});
