import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RecoveryInput, recoveryOutcome } from './recovery.ts';

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(to - from + 1, 0) }, (_, index) => from + index);
}

const base: RecoveryInput = {
  streamEpoch: 'epoch-a',
  topOffset: 10,
  requestedEpoch: 'epoch-a',
  requestedOffset: 7,
  availableOffsets: [8, 9, 10],
};

function recovered(overrides: Partial<RecoveryInput>): boolean {
  return recoveryOutcome({ ...base, ...overrides }).recovered;
}

describe('recoveryOutcome', () => {
  it('recovers a client of the same epoch whose missed publications are all kept', () => {
    expect(recoveryOutcome(base)).toEqual({ recovered: true });
  });

  it('recovers a client that is up to date', () => {
    expect(recovered({ requestedOffset: 10, availableOffsets: [] })).toBe(true);
  });

  it('treats an empty epoch as any epoch', () => {
    expect(recovered({ requestedEpoch: '' })).toBe(true);
  });

  it('refuses a position from another epoch', () => {
    expect(recovered({ requestedEpoch: 'epoch-b' })).toBe(false);
    expect(
      recovered({ requestedEpoch: 'epoch-b', requestedOffset: 10, availableOffsets: [] }),
    ).toBe(false);
  });

  it('refuses an offset ahead of the stream', () => {
    expect(recovered({ requestedOffset: 11, availableOffsets: [] })).toBe(false);
  });

  it('refuses when the oldest missed publications were trimmed', () => {
    expect(recovered({ requestedOffset: 5, availableOffsets: [8, 9, 10] })).toBe(false);
    expect(recovered({ requestedOffset: 0, topOffset: 3, availableOffsets: [2, 3] })).toBe(false);
  });

  it('refuses when the kept history has a gap', () => {
    expect(recovered({ availableOffsets: [8, 10] })).toBe(false);
    expect(recovered({ availableOffsets: [9, 10] })).toBe(false);
    expect(recovered({ availableOffsets: [8, 9] })).toBe(false);
  });

  it('with a limit, asks only the first `limit` missed publications to be there', () => {
    expect(recovered({ requestedOffset: 2, availableOffsets: [3, 4], limit: 2 })).toBe(true);
    expect(recovered({ requestedOffset: 2, availableOffsets: [3], limit: 2 })).toBe(false);
    expect(recovered({ requestedOffset: 2, availableOffsets: [4, 5], limit: 2 })).toBe(false);
    expect(recovered({ requestedOffset: 2, availableOffsets: [], limit: 0 })).toBe(true);
    expect(recovered({ requestedEpoch: 'epoch-b', availableOffsets: [], limit: 0 })).toBe(false);
    // a limit beyond what was missed asks for everything missed
    expect(recovered({ limit: 50 })).toBe(true);
    expect(recovered({ availableOffsets: [8, 9], limit: 50 })).toBe(false);
  });

  it('recovers exactly when every publication after the position is kept', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 250 }),
        (top, historySize, requested) => {
          // the history keeps the newest `historySize` offsets up to `top`
          const kept = range(Math.max(top - historySize + 1, 1), top);
          const available = kept.filter((offset) => offset > requested);
          const outcome = recoveryOutcome({
            streamEpoch: 'e',
            topOffset: top,
            requestedEpoch: 'e',
            requestedOffset: requested,
            availableOffsets: available,
          });
          expect(outcome.recovered).toBe(requested <= top && top - requested <= historySize);
        },
      ),
    );
  });
});
