import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { NodeEnvironment, WebPushConfig } from '../../../config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const keyFileName = 'web-push-vapid.json';

function isKeyPair(value: unknown): value is VapidKeys {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as VapidKeys).publicKey === 'string' &&
    /^[A-Za-z0-9_-]{87}$/.test((value as VapidKeys).publicKey) &&
    typeof (value as VapidKeys).privateKey === 'string' &&
    /^[A-Za-z0-9_-]{43}$/.test((value as VapidKeys).privateKey)
  );
}

/**
 * The VAPID key pair: the configured one; in development one generated once and kept in the data
 * directory (so browsers' subscriptions survive a restart); in tests (or with push switched off)
 * a fresh pair per process.
 * Production always configures its own (config.ts refuses to start without it).
 */
export function resolveVapidKeys(
  config: Pick<WebPushConfig, 'enabled' | 'vapidPublicKey' | 'vapidPrivateKey'>,
  nodeEnv: NodeEnvironment,
  dataDirectory: string,
): VapidKeys {
  if (config.vapidPublicKey !== null && config.vapidPrivateKey !== null) {
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey };
  }
  // push switched off: a throwaway pair, never published nor used to send
  if (!config.enabled || nodeEnv === 'test') return webpush.generateVAPIDKeys();
  if (nodeEnv === 'production') throw new Error('WEB_PUSH_VAPID_* keys are required in production');
  const file = join(dataDirectory, keyFileName);
  if (existsSync(file)) {
    const stored: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (isKeyPair(stored)) return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  const generated = webpush.generateVAPIDKeys();
  mkdirSync(dataDirectory, { recursive: true });
  writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
  return generated;
}
