import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('turns off the compiled parsers in the configuration zod itself reads', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // and zod still parses: the interpreted path
    expect(z.object({ a: z.number() }).safeParse({ a: 1 }).success).toBe(true);
    expect(z.object({ a: z.number() }).safeParse({ a: 'x' }).success).toBe(false);
  });
});
