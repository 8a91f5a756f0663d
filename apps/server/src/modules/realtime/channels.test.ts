import {
  sportEventChannel,
  sportLiveChannel,
  sportNamespaces,
  userChannelNames,
} from '@casino/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { channelAccess, hasHistory, maxChannelLength } from './channels.ts';
import { replyErrors } from './protocol.ts';

const guest = '';

function refusal(channel: string, user: string): number | null {
  const access = channelAccess(channel, user);
  return access.allowed ? null : access.error.code;
}

describe('channelAccess', () => {
  it('lets a user subscribe to each user channel of their own', () => {
    for (const name of userChannelNames) {
      expect(channelAccess(`${name}#1000001`, '1000001')).toEqual({
        allowed: true,
        channel: { kind: 'user', name, userIds: ['1000001'] },
      });
    }
  });

  it('reads the ids after the last `#` as a comma-separated list', () => {
    expect(channelAccess('balance#1,2,3', '2')).toEqual({
      allowed: true,
      channel: { kind: 'user', name: 'balance', userIds: ['1', '2', '3'] },
    });
    expect(refusal('balance#1,2,3', '4')).toBe(103);
    // `balance#1` is the name part: an unknown user channel
    expect(refusal('balance#1#2', '2')).toBe(102);
    expect(refusal('balance#1#2', '1')).toBe(102);
  });

  it('never matches an empty id', () => {
    expect(refusal('balance#', '1')).toBe(103);
    expect(refusal('balance#1,', '1')).toBe(103);
    expect(refusal('balance#,1', '1')).toBe(103);
    expect(refusal('balance#1,,2', '2')).toBe(103);
    expect(refusal('balance#', guest)).toBe(103);
  });

  it('refuses another user and guests with 103', () => {
    expect(channelAccess('balance#1000001', '1000002')).toEqual({
      allowed: false,
      error: replyErrors.permissionDenied,
    });
    expect(refusal('transaction#1000001', guest)).toBe(103);
    // ids are compared exactly, not as numbers or prefixes
    expect(refusal('balance#01000001', '1000001')).toBe(103);
    expect(refusal('balance#10000011', '1000001')).toBe(103);
  });

  it('answers 102 for a user channel of an unknown name', () => {
    expect(channelAccess('wallet#1000001', '1000001')).toEqual({
      allowed: false,
      error: replyErrors.unknownChannel,
    });
    expect(refusal('#1000001', '1000001')).toBe(102);
    expect(refusal('Balance#1000001', '1000001')).toBe(102);
  });

  it('answers 102 for a namespace other than broadcast', () => {
    expect(refusal('foo:bar', '1000001')).toBe(102);
    expect(refusal('foo:bar', guest)).toBe(102);
    expect(refusal(':bar', guest)).toBe(102);
    expect(refusal('foo:balance#1000001', '1000001')).toBe(102);
  });

  it('opens broadcast channels to everyone, guests included', () => {
    for (const user of [guest, '1000001']) {
      expect(channelAccess('broadcast:last_bet', user)).toEqual({
        allowed: true,
        channel: { kind: 'broadcast' },
      });
      expect(channelAccess('broadcast:x', user).allowed).toBe(true);
    }
  });

  it('opens the sportsbook channels of any event or sport to everyone, guests included', () => {
    for (const user of [guest, '1000001']) {
      for (const channel of [
        sportEventChannel(1),
        sportEventChannel(987654),
        sportLiveChannel(109),
      ]) {
        expect(channelAccess(channel, user)).toEqual({
          allowed: true,
          channel: { kind: 'broadcast' },
        });
      }
    }
  });

  it('refuses a sportsbook channel whose id is not a positive integer as written', () => {
    for (const namespace of sportNamespaces) {
      for (const id of [
        '',
        '0',
        '01',
        '-1',
        '1.5',
        '1e3',
        'abc',
        ' 1',
        '1 ',
        '12345678901234567',
        '1#1000001',
      ]) {
        expect(refusal(`${namespace}:${id}`, guest)).toBe(103);
        expect(refusal(`${namespace}:${id}`, '1000001')).toBe(103);
      }
    }
    // the namespace is matched exactly
    expect(refusal('sport_events:1', guest)).toBe(102);
    expect(refusal('Sport_event:1', guest)).toBe(102);
    expect(refusal('sport:1', guest)).toBe(102);
  });

  it('admits exactly the positive integer ids to the sportsbook channels', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...sportNamespaces),
        fc.string({ maxLength: 20 }),
        (namespace, id) => {
          const allowed = channelAccess(`${namespace}:${id}`, guest).allowed;
          expect(allowed).toBe(/^[1-9][0-9]{0,15}$/.test(id));
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...sportNamespaces),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        (namespace, id) => {
          expect(channelAccess(`${namespace}:${id}`, guest).allowed).toBe(true);
        },
      ),
    );
  });

  it('refuses a broadcast channel without a name or with a `#`', () => {
    expect(refusal('broadcast:', guest)).toBe(103);
    expect(refusal('broadcast:x#1000001', '1000001')).toBe(103);
  });

  it('reads a `:` after the last `#` as part of the user ids', () => {
    expect(refusal('balance#broadcast:x', guest)).toBe(103);
    expect(refusal('balance#a:b', 'a:b')).toBeNull();
  });

  it('refuses a plain channel with 103', () => {
    expect(refusal('foo', '1000001')).toBe(103);
    expect(refusal('balance', '1000001')).toBe(103);
    expect(refusal('broadcast', guest)).toBe(103);
  });

  it('refuses an empty or over-long channel as a bad request', () => {
    expect(refusal('', '1000001')).toBe(107);
    const longest = `broadcast:${'x'.repeat(maxChannelLength - 'broadcast:'.length)}`;
    expect(longest).toHaveLength(maxChannelLength);
    expect(refusal(longest, guest)).toBeNull();
    expect(refusal(`${longest}x`, guest)).toBe(107);
  });

  it('admits a user only to channels that list them', () => {
    const id = fc.stringMatching(/^[1-9][0-9]{0,9}$/);
    fc.assert(
      fc.property(
        fc.constantFrom(...userChannelNames),
        fc.array(id, { minLength: 1, maxLength: 5 }),
        id,
        (name, ids, user) => {
          const access = channelAccess(`${name}#${ids.join(',')}`, user);
          expect(access.allowed).toBe(ids.includes(user));
          expect(channelAccess(`${name}#${ids.join(',')}`, guest).allowed).toBe(false);
        },
      ),
    );
  });
});

describe('hasHistory', () => {
  it('keeps history for user channels, not for broadcasts', () => {
    expect(hasHistory('balance#1')).toBe(true);
    expect(hasHistory('interface_actions#1')).toBe(true);
    expect(hasHistory('broadcast:last_bet')).toBe(false);
    expect(hasHistory(sportEventChannel(42))).toBe(false);
    expect(hasHistory(sportLiveChannel(1))).toBe(false);
    // a namespace-like prefix inside a user channel's ids is still a user channel
    expect(hasHistory('balance#sport_event:1')).toBe(true);
  });
});
