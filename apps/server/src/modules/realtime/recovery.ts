export interface RecoveryInput {
  /** the stream as it is now */
  streamEpoch: string;
  topOffset: number;
  /** the client's position; an empty epoch matches any */
  requestedEpoch: string;
  requestedOffset: number;
  /** offsets of the history read after `requestedOffset`, ascending */
  availableOffsets: number[];
  /** a history call wants at most this many (recovery wants all) */
  limit?: number;
}

/**
 * Whether a client at (epoch, offset) can be brought up to date from the history: the epoch is
 * the stream's, the offset is not ahead of the stream, and every publication after it is still
 * kept (none trimmed by size or age), contiguously.
 */
export function recoveryOutcome(input: RecoveryInput): { recovered: boolean } {
  const { streamEpoch, topOffset, requestedEpoch, requestedOffset, availableOffsets } = input;
  if (requestedEpoch !== '' && requestedEpoch !== streamEpoch) return { recovered: false };
  if (requestedOffset > topOffset) return { recovered: false };
  const missed = topOffset - requestedOffset;
  const expected = input.limit === undefined ? missed : Math.min(missed, input.limit);
  if (availableOffsets.length < expected) return { recovered: false };
  for (let index = 0; index < expected; index += 1) {
    if (availableOffsets[index] !== requestedOffset + 1 + index) return { recovered: false };
  }
  return { recovered: true };
}
