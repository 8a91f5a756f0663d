import { describe, expect, test } from 'vitest';
import { parseConfig } from './config.ts';

const centrifugo = {
  REALTIME_ENGINE: 'centrifugo',
  CENTRIFUGO_API_URL: 'http://centrifugo:8000/api/',
  CENTRIFUGO_API_KEY: 'a-server-api-key-of-32-characters',
  CENTRIFUGO_WEBSOCKET_URL: 'wss://rt.example.com/connection/websocket',
};

function problemsOf(environment: Record<string, string | undefined>): string[] {
  const result = parseConfig(environment);
  if (result.success) throw new Error('expected the configuration to be rejected');
  return result.problems;
}

describe('parseConfig: realtime', () => {
  test('the built-in engine is the default and needs no Centrifugo', () => {
    const result = parseConfig({});
    if (!result.success) throw new Error(result.problems.join('\n'));
    expect(result.config.realtime).toMatchObject({ engine: 'builtin', centrifugo: null });
  });

  test('REALTIME_ENGINE=centrifugo without the three CENTRIFUGO_* variables is rejected, naming each', () => {
    expect(problemsOf({ REALTIME_ENGINE: 'centrifugo' })).toEqual([
      'CENTRIFUGO_API_URL: is required when REALTIME_ENGINE=centrifugo',
      'CENTRIFUGO_API_KEY: is required when REALTIME_ENGINE=centrifugo',
      'CENTRIFUGO_WEBSOCKET_URL: is required when REALTIME_ENGINE=centrifugo',
    ]);
    for (const missing of [
      'CENTRIFUGO_API_URL',
      'CENTRIFUGO_API_KEY',
      'CENTRIFUGO_WEBSOCKET_URL',
    ] as const) {
      // An empty value counts as unset.
      expect(problemsOf({ ...centrifugo, [missing]: '' })).toEqual([
        `${missing}: is required when REALTIME_ENGINE=centrifugo`,
      ]);
    }
  });

  test('malformed Centrifugo settings are rejected', () => {
    expect(problemsOf({ ...centrifugo, CENTRIFUGO_API_URL: 'ftp://centrifugo/api' })).toEqual([
      'CENTRIFUGO_API_URL: must be an http(s) URL',
    ]);
    expect(problemsOf({ ...centrifugo, CENTRIFUGO_API_KEY: 'short' })).toEqual([
      'CENTRIFUGO_API_KEY: must be at least 16 characters',
    ]);
    expect(
      problemsOf({ ...centrifugo, CENTRIFUGO_WEBSOCKET_URL: 'https://rt.example.com/ws' }),
    ).toEqual(['CENTRIFUGO_WEBSOCKET_URL: must be a ws:// or wss:// URL']);
    expect(problemsOf({ REALTIME_ENGINE: 'nats' })).toEqual([
      'REALTIME_ENGINE: must be one of builtin, centrifugo',
    ]);
  });

  test('with all three, the Centrifugo settings are taken (the API URL without a trailing slash)', () => {
    const result = parseConfig(centrifugo);
    if (!result.success) throw new Error(result.problems.join('\n'));
    expect(result.config.realtime).toMatchObject({
      engine: 'centrifugo',
      centrifugo: {
        apiUrl: 'http://centrifugo:8000/api',
        apiKey: 'a-server-api-key-of-32-characters',
        websocketUrl: 'wss://rt.example.com/connection/websocket',
      },
    });
  });
});
