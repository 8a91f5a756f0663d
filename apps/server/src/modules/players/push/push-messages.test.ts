import type { SportTicketEvent } from '@casino/contract';
import { describe, expect, it } from 'vitest';
import {
  buildPushPayload,
  encodePushPayload,
  maxPushPayloadBytes,
  type PushMessage,
  pushDeliveryByKind,
} from './push-messages.ts';
import { backoffMs, PushEventSink, retryAfterMs } from './push-notifications.ts';

describe('push messages', () => {
  it('are written in the player’s language (English for locales without texts) and open their page', () => {
    const won: PushMessage = {
      kind: 'tournament_won',
      tournamentId: 't-1',
      name: 'Weekly race',
      place: 3,
      prize: '50.00 USD',
    };
    expect(buildPushPayload(won, 'ru')).toEqual({
      title: 'Вы выиграли приз!',
      body: '3 место в «Weekly race»: 50.00 USD.',
      url: '/ru/tournaments/t-1',
      tag: 'tournament-t-1',
      category: 'tournaments',
    });
    expect(buildPushPayload(won, 'kk').title).toBe('You won a prize!');
    expect(buildPushPayload(won, 'xx').url).toBe('/en/tournaments/t-1');
    expect(
      buildPushPayload(
        { kind: 'bonus_expiring', bonusId: 'b', expiresAt: '2026-11-27T18:30:00.000Z' },
        'en',
      ).body,
    ).toBe('Wager it before 2026-11-27 18:30 UTC or it is gone.');
  });

  it('stay under 4 KB: a long tournament name is shortened, an oversized payload is refused', () => {
    const payload = buildPushPayload(
      {
        kind: 'tournament_won',
        tournamentId: 't',
        name: 'Я'.repeat(5_000),
        place: 1,
        prize: '1 USD',
      },
      'ru',
    );
    expect(Buffer.byteLength(encodePushPayload(payload))).toBeLessThan(maxPushPayloadBytes);
    expect(() => encodePushPayload({ ...payload, body: 'x'.repeat(maxPushPayloadBytes) })).toThrow(
      /exceeds/,
    );
  });

  it('each kind has a topic a push service accepts (≤ 32 URL-safe base64 characters)', () => {
    for (const delivery of Object.values(pushDeliveryByKind)) {
      expect(delivery.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
      expect(delivery.ttlSeconds).toBeGreaterThan(0);
    }
  });
});

describe('retries', () => {
  it('Retry-After in seconds or as an HTTP date; otherwise exponential backoff', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 12:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(backoffMs(30)).toBe(60 * 60_000);
  });
});

describe('the realtime events web push hears', () => {
  function sink() {
    const sent: Array<{ name: string; data: Record<string, unknown> }> = [];
    const events = new PushEventSink({
      // outside a transaction the message is queued at once
      transactions: { afterCommit: () => false },
      queue: {
        send: async (name, data) => {
          sent.push({ name, data });
          return true;
        },
      },
      clock: { now: () => new Date('2026-11-26T12:00:00Z') },
      enabled: true,
    });
    return { events, sent };
  }
  const executor = {} as never;

  it('a completed deposit or withdrawal, not one still pending', async () => {
    const { events, sent } = sink();
    const base = { id: '1', amount: '10.00', currency: 'USD', timestamp: '' };
    await events.transactionChanged(executor, 'u', { ...base, type: 'buy', status: 'waiting' });
    await events.transactionChanged(executor, 'u', {
      ...base,
      type: 'deposit',
      status: 'completed',
    });
    await events.transactionChanged(executor, 'u', { ...base, type: 'sell', status: 'completed' });
    expect(sent.map((entry) => (entry.data.message as PushMessage).kind)).toEqual([
      'deposit_completed',
      'withdrawal_paid',
    ]);
  });

  it('a sport ticket won at 10 times its stake or more is a big win; smaller wins and losses are not', async () => {
    const { events, sent } = sink();
    const ticket = (status: string, stake: string, payout: string | null) =>
      ({
        type: 'sport_ticket',
        ticket: { id: `t-${stake}-${payout}`, status, stake, payout, currency: 'USD' },
      }) as unknown as SportTicketEvent;
    await events.sportTicketsChanged(executor, [
      { userId: 'a', event: ticket('won', '10.00', '99.99') },
      { userId: 'b', event: ticket('won', '10.00', '100.00') },
      { userId: 'c', event: ticket('lost', '10.00', '0.00') },
      { userId: 'd', event: ticket('accepted', '10.00', null) },
    ]);
    expect(sent).toEqual([
      {
        name: 'push-notify',
        data: {
          userId: 'b',
          message: {
            kind: 'sport_big_win',
            ticketId: 't-10.00-100.00',
            payout: '100.00',
            currency: 'USD',
          },
        },
      },
    ]);
  });

  it('nothing is queued while web push is switched off', async () => {
    const sent: unknown[] = [];
    const events = new PushEventSink({
      transactions: { afterCommit: () => false },
      queue: { send: async (...args) => sent.push(args) > 0 },
      clock: { now: () => new Date() },
      enabled: false,
    });
    await events.tournamentWon(executor, 'u', {
      type: 'win',
      tournamentId: 't',
      name: 'n',
      place: 1,
      prize: { value: '1', currency: 'USD' },
    });
    expect(sent).toEqual([]);
  });
});
