import { describe, expect, it } from 'vitest';
import { detectMessengerLaunch, messengerLaunchStorageKey } from './messenger-launch';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
    values,
  };
}

const initData = 'query_id=AAH&user=%7B%22id%22%3A42%7D&auth_date=1700000000&hash=abc';

describe('messenger build detection (wallet spec §6, shell spec §4)', () => {
  it('reads the launch parameters from the hash and remembers them for the session', () => {
    const storage = memoryStorage();
    const launch = detectMessengerLaunch(
      {
        hash: `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppPlatform=ios&tgWebAppVersion=8.0`,
        search: '',
      },
      storage,
    );
    expect(launch).toEqual({
      initData,
      platform: 'ios',
      version: '8.0',
      startParam: '',
      botId: '',
    });
    // a later navigation lost the hash: the session still is the messenger build
    expect(detectMessengerLaunch({ hash: '', search: '?wallet=deposit' }, storage)).toEqual(launch);
    expect(storage.values.has(messengerLaunchStorageKey)).toBe(true);
  });

  it('reads them from the search too', () => {
    expect(
      detectMessengerLaunch({ hash: '', search: '?tgWebAppPlatform=android' }, memoryStorage()),
    ).toEqual({ initData: '', platform: 'android', version: '', startParam: '', botId: '' });
  });

  it('reads the bot from the mini-app address and the start parameter from the hash', () => {
    const launch = detectMessengerLaunch(
      {
        hash: `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=7.2&tgWebAppPlatform=android&tgWebAppStartParam=cashier`,
        search: '?botId=7000000001',
      },
      memoryStorage(),
    );
    expect(launch).toEqual({
      initData,
      platform: 'android',
      version: '7.2',
      startParam: 'cashier',
      botId: '7000000001',
    });
    // a bot id that is not one is no bot id
    expect(
      detectMessengerLaunch(
        { hash: '#tgWebAppPlatform=ios', search: '?botId=../x' },
        memoryStorage(),
      )?.botId,
    ).toBe('');
  });

  it('is the plain web build without launch parameters', () => {
    expect(
      detectMessengerLaunch({ hash: '#top', search: '?wallet=deposit' }, memoryStorage()),
    ).toBe(null);
    expect(
      detectMessengerLaunch(
        { hash: '', search: '' },
        memoryStorage({ [messengerLaunchStorageKey]: 'not json' }),
      ),
    ).toBe(null);
    expect(detectMessengerLaunch({ hash: '', search: '' }, null)).toBe(null);
  });
});
