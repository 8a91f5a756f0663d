import { describe, expect, it } from 'vitest';
import { resolveRealtimeUrl } from './realtime-config';

describe('resolveRealtimeUrl', () => {
  it('connects to a path on the page’s own host, secure when the page is', () => {
    expect(
      resolveRealtimeUrl('/connection/websocket', { protocol: 'http:', host: 'localhost:8080' }),
    ).toBe('ws://localhost:8080/connection/websocket');
    expect(
      resolveRealtimeUrl('/connection/websocket', { protocol: 'https:', host: 'casino.example' }),
    ).toBe('wss://casino.example/connection/websocket');
  });

  it('uses an external cluster’s absolute URL as it is', () => {
    const page = { protocol: 'https:', host: 'casino.example' };
    expect(resolveRealtimeUrl('wss://rt.example/connection/websocket', page)).toBe(
      'wss://rt.example/connection/websocket',
    );
    expect(resolveRealtimeUrl('https://rt.example/connection/websocket', page)).toBe(
      'wss://rt.example/connection/websocket',
    );
  });
});
