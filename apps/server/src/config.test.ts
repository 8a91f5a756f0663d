import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  defaultPasswordHashingConcurrency,
  developmentCryptoBotToken,
  developmentOperatorTotpKey,
  developmentWebsocketJwtSecret,
  messengerTestPublicKey,
  parseConfig,
} from './config.ts';
import {
  demoAccountXpubs,
  demoSharedAddresses,
} from './modules/money/cashier/rails/crypto/chains/index.ts';
import { repositoryRoot } from './paths.ts';

function problemsOf(environment: Record<string, string | undefined>): string[] {
  const result = parseConfig(environment);
  if (result.success) throw new Error('expected the configuration to be rejected');
  return result.problems;
}

function configOf(environment: Record<string, string | undefined>) {
  const result = parseConfig(environment);
  if (!result.success) throw new Error(result.problems.join('\n'));
  return result.config;
}

describe('parseConfig', () => {
  test('an empty environment gives the documented development defaults', () => {
    expect(configOf({})).toEqual({
      nodeEnv: 'development',
      host: '0.0.0.0',
      realtime: {
        engine: 'builtin',
        centrifugo: null,
        historySize: 100,
        historyTtlSeconds: 600,
        pingIntervalSeconds: 25,
        pongTimeoutSeconds: 10,
        connectTimeoutSeconds: 10,
        maxMessageBytes: 65_536,
        maxSubscriptionsPerConnection: 128,
        maxConnectionsPerUser: 20,
        maxBufferedBytes: 1_048_576,
      },
      port: 8080,
      databasePoolSize: 10,
      databaseUrl: null,
      databaseDirectUrl: null,
      databasePreparedStatements: true,
      embeddedPostgresPort: 5433,
      dataDirectory: join(repositoryRoot, '.data'),
      logLevel: 'info',
      websocketJwtSecret: developmentWebsocketJwtSecret,
      websocketTokenTtlSeconds: 900,
      sessionCacheSeconds: 30,
      sessionTtlDays: 30,
      cookieSecure: false,
      trustProxy: false,
      allowedOrigins: [],
      bodyLimitBytes: 1_048_576,
      loginRateLimitPerIp: 20,
      loginRateLimitPerAccount: 5,
      registerRateLimitPerIp: 10,
      passwordHashingConcurrency: defaultPasswordHashingConcurrency(availableParallelism(), 4),
      passwordHashingQueue: 4 * defaultPasswordHashingConcurrency(availableParallelism(), 4),
      operatorEmail: 'admin@casino.local',
      operatorPassword: 'operator-demo-2026',
      backofficeRequireTotp: false,
      operatorTotpKey: developmentOperatorTotpKey,
      demoData: true,
      webDistDirectory: join(repositoryRoot, 'apps', 'web', 'dist'),
      backofficeDistDirectory: join(repositoryRoot, 'apps', 'backoffice', 'dist'),
      restrictedCountries: [],
      orderTtlSeconds: 900,
      sandboxAutoApproveSeconds: 20,
      sportFeedAliveTimeoutSeconds: 20,
      sportFeed: {
        source: 'simulator',
        simulator: { seed: 'demo', speed: 7, horizonHours: 24, kickoffIntervalMinutes: 5 },
      },
      sportCashoutQuoteSeconds: 5,
      sportEventRetentionDays: 7,
      sportEventOverdueHours: 12,
      demoPlayerBalanceUsd: 1000,
      withdrawDailyLimitUsd: 10_000,
      limitCoolingOffHours: 24,
      rgRegistry: 'sandbox',
      withdrawVerificationRequired: false,
      messengerBotToken: null,
      messengerBots: [],
      messengerInitDataMaxAgeSeconds: 3600,
      messengerPublicKey: 'e7bf03a2fa4602af4580703d88dda5bb59f32ed8b02a56c187fe7d34caed242d',
      jobsEnabled: true,
      paymentProvider: 'manual',
      sandboxHostedPageEnabled: true,
      cryptoChainWatcher: 'sandbox',
      cryptoPayoutProvider: 'sandbox',
      crypto: { accountXpubs: demoAccountXpubs, sharedAddresses: demoSharedAddresses },
      cryptobot: {
        mode: 'sandbox',
        token: developmentCryptoBotToken,
        apiUrl: 'https://pay.crypt.bot',
      },
      webPush: {
        enabled: true,
        vapidPublicKey: null,
        vapidPrivateKey: null,
        subject: 'mailto:support@casino.local',
        allowHttpEndpoints: false,
      },
      supportChat: { widgetUrl: null, websiteToken: null, identitySecret: null },
    });
  });

  test('crypto keys and addresses are checked; the live crypto-bot needs its token', () => {
    const litecoinKey = demoAccountXpubs.litecoin;
    const config = configOf({
      CRYPTO_XPUB_BITCOIN: litecoinKey,
      CRYPTO_ADDRESS_SOLANA: demoSharedAddresses.solana,
      CRYPTOBOT_MODE: 'live',
      CRYPTOBOT_TOKEN: '12345:AAzQcZWQqQAbsfgPnOLr4FHC8Doa4L7KryC',
      CRYPTOBOT_API_URL: 'https://testnet-pay.crypt.bot/',
    });
    // any account xpub is a valid key for bitcoin; the operator answers for which one it is
    expect(config.crypto.accountXpubs.bitcoin).toBe(litecoinKey);
    expect(config.cryptobot).toEqual({
      mode: 'live',
      token: '12345:AAzQcZWQqQAbsfgPnOLr4FHC8Doa4L7KryC',
      apiUrl: 'https://testnet-pay.crypt.bot',
    });
    expect(
      problemsOf({
        CRYPTO_XPUB_ETHEREUM: 'xpub-not-a-key',
        CRYPTO_ADDRESS_TON: 'EQ-not-an-address',
        CRYPTOBOT_MODE: 'test',
      }),
    ).toEqual([
      'CRYPTO_XPUB_ETHEREUM: must be an account-level extended public key for ethereum',
      'CRYPTO_ADDRESS_TON: must be a valid ton address',
      'CRYPTOBOT_MODE: must be one of off, sandbox, live',
    ]);
    expect(problemsOf({ CRYPTOBOT_MODE: 'live' })).toEqual([
      'CRYPTOBOT_TOKEN: is required when CRYPTOBOT_MODE=live',
    ]);
  });

  test('the sandbox crypto-bot in production (opted in) signs with a key of its own, never the public one', () => {
    const production = {
      NODE_ENV: 'production',
      WEBSOCKET_JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
      OPERATOR_TOTP_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
      OPERATOR_PASSWORD: 'a-long-operator-password',
      CRYPTOBOT_MODE: 'sandbox',
      ALLOW_SANDBOX_PROVIDERS_IN_PRODUCTION: 'true',
      WEB_PUSH_ENABLED: 'false',
    };
    const first = configOf(production).cryptobot.token;
    expect(first).not.toBe(developmentCryptoBotToken);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(configOf(production).cryptobot.token).not.toBe(first);
  });

  test('the hosted payment page is on outside production unless turned off; providers are checked', () => {
    expect(configOf({}).sandboxHostedPageEnabled).toBe(true);
    expect(configOf({ SANDBOX_HOSTED_PAGE_ENABLED: 'false' }).sandboxHostedPageEnabled).toBe(false);
    expect(problemsOf({ PAYMENT_PROVIDER: 'sandbox' })).toEqual([
      'PAYMENT_PROVIDER: must be one of manual',
    ]);
    expect(problemsOf({ CRYPTO_CHAIN_WATCHER: 'node', CRYPTO_PAYOUT_PROVIDER: 'custody' })).toEqual(
      [
        'CRYPTO_CHAIN_WATCHER: must be one of off, sandbox',
        'CRYPTO_PAYOUT_PROVIDER: must be one of off, sandbox',
      ],
    );
  });

  test('development runs the demo alone; tests keep every automatic step off', () => {
    expect(configOf({})).toMatchObject({
      sandboxAutoApproveSeconds: 20,
      demoPlayerBalanceUsd: 1000,
    });
    expect(configOf({ NODE_ENV: 'test' })).toMatchObject({
      sandboxAutoApproveSeconds: 0,
      demoPlayerBalanceUsd: 0,
    });
    expect(
      configOf({ SANDBOX_AUTO_APPROVE_SECONDS: '0', DEMO_PLAYER_BALANCE_USD: '250' }),
    ).toMatchObject({ sandboxAutoApproveSeconds: 0, demoPlayerBalanceUsd: 250 });
  });

  test('withdrawal verification is off unless WITHDRAW_VERIFICATION_REQUIRED turns it on', () => {
    expect(configOf({}).withdrawVerificationRequired).toBe(false);
    expect(configOf({ WITHDRAW_VERIFICATION_REQUIRED: 'true' }).withdrawVerificationRequired).toBe(
      true,
    );
    expect(configOf({ WITHDRAW_VERIFICATION_REQUIRED: '0' }).withdrawVerificationRequired).toBe(
      false,
    );
    expect(problemsOf({ WITHDRAW_VERIFICATION_REQUIRED: 'yes' })).toEqual([
      'WITHDRAW_VERIFICATION_REQUIRED: must be true or false',
    ]);
  });

  test('messenger bots: the token’s bot by default, else MESSENGER_BOTS id:type pairs', () => {
    const token = '7000000001:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
    expect(configOf({ MESSENGER_BOT_TOKEN: token }).messengerBots).toEqual([
      { id: '7000000001', type: 'normal' },
    ]);
    expect(
      configOf({ MESSENGER_BOT_TOKEN: token, MESSENGER_BOTS: '7000000001:normal, 42:vip' })
        .messengerBots,
    ).toEqual([
      { id: '7000000001', type: 'normal' },
      { id: '42', type: 'vip' },
    ]);
    expect(configOf({ MESSENGER_PUBLIC_KEY: 'AB'.repeat(32) }).messengerPublicKey).toBe(
      'ab'.repeat(32),
    );
    // the messenger's test environment signs with its published test key
    expect(configOf({ MESSENGER_PUBLIC_KEY: messengerTestPublicKey }).messengerPublicKey).toBe(
      messengerTestPublicKey,
    );
    expect(
      problemsOf({
        NODE_ENV: 'production',
        WEBSOCKET_JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
        OPERATOR_TOTP_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
        OPERATOR_PASSWORD: 'a-long-operator-password',
        MESSENGER_PUBLIC_KEY: messengerTestPublicKey,
      }),
    ).toContain('MESSENGER_PUBLIC_KEY: the messenger’s test key is refused in production');
    expect(
      problemsOf({
        MESSENGER_BOTS: '42:gold',
        MESSENGER_INIT_DATA_MAX_AGE_SECONDS: '10',
        MESSENGER_PUBLIC_KEY: 'abc',
      }),
    ).toEqual([
      'MESSENGER_BOTS: must be id:type pairs separated by commas (type normal or vip), ids unique',
      expect.stringMatching(/^MESSENGER_INIT_DATA_MAX_AGE_SECONDS: /),
      'MESSENGER_PUBLIC_KEY: must be an Ed25519 public key in hex (64 digits)',
    ]);
    expect(problemsOf({ MESSENGER_BOTS: '42:vip,42:normal' })).toHaveLength(1);
  });

  test('password hashing leaves a core and a libuv thread free by default; both bounds are set', () => {
    expect(defaultPasswordHashingConcurrency(2, 4)).toBe(1);
    expect(defaultPasswordHashingConcurrency(1, 4)).toBe(1);
    expect(defaultPasswordHashingConcurrency(16, 4)).toBe(3);
    expect(defaultPasswordHashingConcurrency(16, 12)).toBe(11);
    const sized = configOf({ UV_THREADPOOL_SIZE: '64' });
    expect(sized.passwordHashingConcurrency).toBe(
      defaultPasswordHashingConcurrency(availableParallelism(), 64),
    );
    expect(sized.passwordHashingQueue).toBe(4 * sized.passwordHashingConcurrency);
    const set = configOf({ PASSWORD_HASHING_CONCURRENCY: '2', PASSWORD_HASHING_QUEUE: '0' });
    expect(set.passwordHashingConcurrency).toBe(2);
    expect(set.passwordHashingQueue).toBe(0);
    expect(configOf({ PASSWORD_HASHING_CONCURRENCY: '3' }).passwordHashingQueue).toBe(12);
    expect(problemsOf({ PASSWORD_HASHING_CONCURRENCY: '0', PASSWORD_HASHING_QUEUE: '-1' })).toEqual(
      [
        'PASSWORD_HASHING_CONCURRENCY: must be at least 1',
        'PASSWORD_HASHING_QUEUE: must be a whole number',
      ],
    );
  });

  test('lists every bad variable at once', () => {
    const environment = {
      NODE_ENV: 'staging',
      PORT: 'eighty',
      DATABASE_URL: 'mysql://localhost/casino',
      EMBEDDED_POSTGRES_PORT: '70000',
      LOG_LEVEL: 'verbose',
      WEBSOCKET_JWT_SECRET: 'short',
      WEBSOCKET_TOKEN_TTL_SECONDS: '-5',
      SESSION_TTL_DAYS: '1.5',
      SESSION_CACHE_SECONDS: '61',
      COOKIE_SECURE: 'yes',
      TRUST_PROXY: '10.0.0.0/40,proxy.local',
      BODY_LIMIT_BYTES: '12',
      LOGIN_RATE_LIMIT_PER_IP: '0',
      LOGIN_RATE_LIMIT_PER_ACCOUNT: 'many',
      REGISTER_RATE_LIMIT_PER_IP: '',
      OPERATOR_EMAIL: 'not-an-email',
      OPERATOR_PASSWORD: 'short',
      DEMO_DATA: 'maybe',
      RESTRICTED_COUNTRIES: 'RU,Russia',
    };
    const problems = problemsOf(environment);
    const named = problems.map((problem) => problem.split(':')[0]);
    // REGISTER_RATE_LIMIT_PER_IP is empty, which counts as unset: the default applies.
    const expected = Object.keys(environment).filter(
      (name) => name !== 'REGISTER_RATE_LIMIT_PER_IP',
    );
    expect(new Set(named)).toEqual(new Set(expected));
    expect(problems).toContain('PORT: must be a whole number');
    expect(problems.find((problem) => problem.startsWith('TRUST_PROXY'))).toContain(
      '10.0.0.0/40, proxy.local',
    );
  });

  test('the odds feed: the simulator in development only, its settings checked', () => {
    expect(configOf({ NODE_ENV: 'test' }).sportFeed.source).toBe('off');
    expect(configOf({ NODE_ENV: 'test', SPORT_FEED: 'simulator' }).sportFeed.source).toBe(
      'simulator',
    );
    expect(configOf({ SPORT_FEED: 'off' }).sportFeed.source).toBe('off');
    expect(
      configOf({
        FEED_SIMULATOR_SEED: 'tuesday',
        FEED_SIMULATOR_SPEED: '60',
        FEED_SIMULATOR_HORIZON_HOURS: '6',
        FEED_SIMULATOR_KICKOFF_MINUTES: '0.5',
      }).sportFeed.simulator,
    ).toEqual({ seed: 'tuesday', speed: 60, horizonHours: 6, kickoffIntervalMinutes: 0.5 });
    expect(
      problemsOf({
        SPORT_FEED: 'sportradar',
        FEED_SIMULATOR_SPEED: '0',
        FEED_SIMULATOR_HORIZON_HOURS: '1000',
        FEED_SIMULATOR_KICKOFF_MINUTES: 'soon',
      }),
    ).toEqual([
      'SPORT_FEED: must be one of simulator, off',
      'FEED_SIMULATOR_SPEED: must be at least 1',
      'FEED_SIMULATOR_HORIZON_HOURS: must be at most 336',
      'FEED_SIMULATOR_KICKOFF_MINUTES: must be a number such as 2 or 0.5',
    ]);
    expect(problemsOf({ FEED_SIMULATOR_KICKOFF_MINUTES: '0.1' })).toEqual([
      'FEED_SIMULATOR_KICKOFF_MINUTES: must be at least 0.25',
    ]);
  });

  describe('sandboxes in production', () => {
    const production = {
      NODE_ENV: 'production',
      WEBSOCKET_JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
      OPERATOR_TOTP_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
      OPERATOR_PASSWORD: 'a-long-operator-password',
      WEB_PUSH_ENABLED: 'false',
    };
    const everySandbox = {
      CRYPTOBOT_MODE: 'sandbox',
      SANDBOX_HOSTED_PAGE_ENABLED: 'true',
      SANDBOX_AUTO_APPROVE_SECONDS: '20',
      CRYPTO_CHAIN_WATCHER: 'sandbox',
      CRYPTO_PAYOUT_PROVIDER: 'sandbox',
      SPORT_FEED: 'simulator',
    };

    test('by default no sandbox runs and no demo money is given', () => {
      expect(configOf(production)).toMatchObject({
        cryptobot: { mode: 'off' },
        sandboxHostedPageEnabled: false,
        sandboxAutoApproveSeconds: 0,
        cryptoChainWatcher: 'off',
        cryptoPayoutProvider: 'off',
        demoPlayerBalanceUsd: 0,
        paymentProvider: 'manual',
        sportFeed: { source: 'off' },
      });
    });

    test('asking for any sandbox without the opt-in refuses to start, naming every variable', () => {
      const problems = problemsOf({ ...production, ...everySandbox });
      expect(problems.map((problem) => problem.split(':')[0])).toEqual(Object.keys(everySandbox));
      for (const problem of problems) {
        expect(problem).toContain('ALLOW_SANDBOX_PROVIDERS_IN_PRODUCTION=true');
      }
      // each alone is refused too, and together with any other bad variable
      for (const [name, value] of Object.entries(everySandbox)) {
        expect(problemsOf({ ...production, [name]: value }).map((p) => p.split(':')[0])).toEqual([
          name,
        ]);
      }
      expect(
        problemsOf({ ...production, CRYPTOBOT_MODE: 'sandbox', PORT: 'eighty' }).map(
          (problem) => problem.split(':')[0],
        ),
      ).toEqual(['PORT']);
      expect(
        problemsOf({ ...production, CRYPTOBOT_MODE: 'live', CRYPTO_CHAIN_WATCHER: 'sandbox' }),
      ).toEqual([
        'CRYPTOBOT_TOKEN: is required when CRYPTOBOT_MODE=live',
        expect.stringMatching(/^CRYPTO_CHAIN_WATCHER: /),
      ]);
    });

    test('the sandbox self-exclusion registry is off in production and refused unless opted in', () => {
      expect(configOf(production).rgRegistry).toBe('off');
      expect(problemsOf({ ...production, RG_REGISTRY: 'sandbox' })).toEqual([
        expect.stringMatching(/^RG_REGISTRY: .*RG_REGISTRY_SANDBOX_IN_PRODUCTION=true/),
      ]);
      expect(
        configOf({
          ...production,
          RG_REGISTRY: 'sandbox',
          RG_REGISTRY_SANDBOX_IN_PRODUCTION: 'true',
        }).rgRegistry,
      ).toBe('sandbox');
      expect(
        configOf({
          ...production,
          RG_REGISTRY: 'sandbox',
          ALLOW_SANDBOX_PROVIDERS_IN_PRODUCTION: 'true',
        }).rgRegistry,
      ).toBe('sandbox');
      expect(problemsOf({ RG_REGISTRY: 'gamstop' })).toEqual([
        'RG_REGISTRY: must be one of off, sandbox',
      ]);
    });

    test('with the explicit opt-in the sandboxes run; demo money never does', () => {
      const optedIn = {
        ...production,
        ...everySandbox,
        ALLOW_SANDBOX_PROVIDERS_IN_PRODUCTION: 'true',
      };
      expect(configOf(optedIn)).toMatchObject({
        cryptobot: { mode: 'sandbox' },
        sandboxHostedPageEnabled: true,
        sandboxAutoApproveSeconds: 20,
        cryptoChainWatcher: 'sandbox',
        cryptoPayoutProvider: 'sandbox',
        sportFeed: { source: 'simulator' },
      });
      expect(problemsOf({ ...optedIn, DEMO_PLAYER_BALANCE_USD: '100' })).toEqual([
        'DEMO_PLAYER_BALANCE_USD: demo money is never given in production; unset it',
      ]);
      expect(problemsOf({ ...production, ALLOW_SANDBOX_PROVIDERS_IN_PRODUCTION: 'yes' })).toEqual([
        'ALLOW_SANDBOX_PROVIDERS_IN_PRODUCTION: must be true or false',
      ]);
    });

    test('a live crypto-bot needs no opt-in', () => {
      const config = configOf({
        ...production,
        CRYPTOBOT_MODE: 'live',
        CRYPTOBOT_TOKEN: '12345:AAzQcZWQqQAbsfgPnOLr4FHC8Doa4L7KryC',
      });
      expect(config.cryptobot.mode).toBe('live');
    });
  });

  test('production requires real secrets and turns secure defaults on', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual([
      'WEBSOCKET_JWT_SECRET: is required in production',
      'OPERATOR_PASSWORD: is required in production',
      'OPERATOR_TOTP_KEY: is required in production',
    ]);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        WEBSOCKET_JWT_SECRET: 'x'.repeat(31),
        OPERATOR_TOTP_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
        OPERATOR_PASSWORD: 'long enough pass',
      }),
    ).toEqual(['WEBSOCKET_JWT_SECRET: must be at least 32 characters']);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        WEBSOCKET_JWT_SECRET: 's'.repeat(32),
        OPERATOR_TOTP_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
        OPERATOR_PASSWORD: 'a strong operator password',
      }),
    ).toEqual([
      'WEB_PUSH_VAPID_PUBLIC_KEY: is required in production',
      'WEB_PUSH_VAPID_PRIVATE_KEY: is required in production',
      'WEB_PUSH_SUBJECT: is required in production',
    ]);
    const config = configOf({
      NODE_ENV: 'production',
      WEBSOCKET_JWT_SECRET: 's'.repeat(32),
      OPERATOR_TOTP_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
      OPERATOR_PASSWORD: 'a strong operator password',
      WEB_PUSH_ENABLED: 'false',
    });
    expect(config.cookieSecure).toBe(true);
    expect(config.demoData).toBe(false);
    // operators sign in with a TOTP code in production unless BACKOFFICE_REQUIRE_TOTP=false
    expect(config.backofficeRequireTotp).toBe(true);
  });

  test('OPERATOR_TOTP_KEY: 32 bytes of base64; a fixed development key outside production', () => {
    expect(configOf({}).operatorTotpKey).toEqual(developmentOperatorTotpKey);
    expect(
      configOf({ OPERATOR_TOTP_KEY: Buffer.alloc(32, 7).toString('base64') }).operatorTotpKey,
    ).toEqual(Buffer.alloc(32, 7));
    expect(problemsOf({ OPERATOR_TOTP_KEY: Buffer.alloc(16).toString('base64') })).toEqual([
      'OPERATOR_TOTP_KEY: must be 32 bytes in base64 (openssl rand -base64 32)',
    ]);
    expect(problemsOf({ OPERATOR_TOTP_KEY: 'not base64!' })).toEqual([
      'OPERATOR_TOTP_KEY: must be 32 bytes in base64 (openssl rand -base64 32)',
    ]);
  });

  test('web push: VAPID keys in pairs, required with a contact in production, http endpoints never there', () => {
    const publicKey = `B${'A'.repeat(86)}`;
    const privateKey = 'p'.repeat(43);
    expect(configOf({}).webPush).toEqual({
      enabled: true,
      vapidPublicKey: null,
      vapidPrivateKey: null,
      subject: 'mailto:support@casino.local',
      allowHttpEndpoints: false,
    });
    expect(problemsOf({ WEB_PUSH_VAPID_PUBLIC_KEY: publicKey })).toEqual([
      'WEB_PUSH_VAPID_PUBLIC_KEY / WEB_PUSH_VAPID_PRIVATE_KEY: set both, or neither',
    ]);
    expect(problemsOf({ WEB_PUSH_VAPID_PRIVATE_KEY: 'short' })).toEqual([
      'WEB_PUSH_VAPID_PRIVATE_KEY: must be a base64url P-256 private key (32 bytes)',
    ]);
    expect(configOf({ WEB_PUSH_ALLOW_HTTP_ENDPOINTS: 'true' }).webPush.allowHttpEndpoints).toBe(
      true,
    );
    const production = {
      NODE_ENV: 'production',
      WEBSOCKET_JWT_SECRET: 's'.repeat(32),
      OPERATOR_TOTP_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
      OPERATOR_PASSWORD: 'a strong operator password',
      WEB_PUSH_VAPID_PUBLIC_KEY: publicKey,
      WEB_PUSH_VAPID_PRIVATE_KEY: privateKey,
      WEB_PUSH_SUBJECT: 'mailto:ops@casino.example',
    };
    expect(configOf(production).webPush).toMatchObject({
      enabled: true,
      subject: 'mailto:ops@casino.example',
    });
    expect(problemsOf({ ...production, WEB_PUSH_ALLOW_HTTP_ENDPOINTS: 'true' })).toEqual([
      'WEB_PUSH_ALLOW_HTTP_ENDPOINTS: production accepts only https push endpoints',
    ]);
    expect(problemsOf({ ...production, WEB_PUSH_SUBJECT: 'ops@casino.example' })).toEqual([
      'WEB_PUSH_SUBJECT: must be a mailto: or https: URL',
    ]);
  });

  test('the support chat widget: URL and website token together, https in production', () => {
    expect(configOf({}).supportChat).toEqual({
      widgetUrl: null,
      websiteToken: null,
      identitySecret: null,
    });
    expect(
      configOf({
        SUPPORT_CHAT_WIDGET_URL: 'http://localhost:3000/packs/js/sdk.js',
        SUPPORT_CHAT_WEBSITE_TOKEN: 'abcDEF123456',
      }).supportChat.widgetUrl,
    ).toBe('http://localhost:3000/packs/js/sdk.js');
    expect(problemsOf({ SUPPORT_CHAT_WIDGET_URL: 'https://chat.example/packs/js/sdk.js' })).toEqual(
      [
        'SUPPORT_CHAT_WIDGET_URL / SUPPORT_CHAT_WEBSITE_TOKEN: set both for the chat widget, or neither',
      ],
    );
    expect(
      problemsOf({
        NODE_ENV: 'production',
        WEBSOCKET_JWT_SECRET: 's'.repeat(32),
        OPERATOR_TOTP_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
        OPERATOR_PASSWORD: 'a strong operator password',
        WEB_PUSH_ENABLED: 'false',
        SUPPORT_CHAT_WIDGET_URL: 'http://chat.example/packs/js/sdk.js',
        SUPPORT_CHAT_WEBSITE_TOKEN: 'abcDEF123456',
      }),
    ).toEqual(['SUPPORT_CHAT_WIDGET_URL: must be an https URL']);
  });

  test('TRUST_PROXY accepts true, false, a hop count or addresses and ranges', () => {
    expect(configOf({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(configOf({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(configOf({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(configOf({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
  });

  test('booleans, lists and overrides are parsed', () => {
    const config = configOf({
      NODE_ENV: 'test',
      COOKIE_SECURE: '1',
      DEMO_DATA: 'false',
      RESTRICTED_COUNTRIES: ' ru, kp ,RU',
      DATABASE_URL: 'postgresql://user:secret@db.internal:5432/casino',
      OPERATOR_EMAIL: 'Boss@Casino.Example',
    });
    expect(config).toMatchObject({
      nodeEnv: 'test',
      cookieSecure: true,
      demoData: false,
      restrictedCountries: ['RU', 'KP'],
      databaseUrl: 'postgresql://user:secret@db.internal:5432/casino',
      operatorEmail: 'boss@casino.example',
    });
    expect(configOf({ SESSION_CACHE_SECONDS: '0' }).sessionCacheSeconds).toBe(0);
  });

  test('behind a pooler: DATABASE_DIRECT_URL bypasses it, DATABASE_PREPARED_STATEMENTS=false names no statement', () => {
    expect(
      configOf({
        DATABASE_URL: 'postgresql://app:secret@pgbouncer.internal:6432/casino',
        DATABASE_DIRECT_URL: 'postgresql://app:secret@db.internal:5432/casino',
        DATABASE_PREPARED_STATEMENTS: 'false',
      }),
    ).toMatchObject({
      databaseUrl: 'postgresql://app:secret@pgbouncer.internal:6432/casino',
      databaseDirectUrl: 'postgresql://app:secret@db.internal:5432/casino',
      databasePreparedStatements: false,
    });
    expect(problemsOf({ DATABASE_DIRECT_URL: 'postgresql://app@db.internal/casino' })).toEqual([
      'DATABASE_DIRECT_URL: is used only with DATABASE_URL (the embedded PostgreSQL has no pooler)',
    ]);
    expect(
      problemsOf({
        DATABASE_URL: 'postgresql://app@pgbouncer.internal/casino',
        DATABASE_DIRECT_URL: 'http://db.internal',
        DATABASE_PREPARED_STATEMENTS: 'no',
      }),
    ).toEqual([
      'DATABASE_DIRECT_URL: must be a postgres:// connection URL',
      'DATABASE_PREPARED_STATEMENTS: must be true or false',
    ]);
  });

  test('ALLOWED_ORIGINS is a list of http(s) origins, normalised as browsers send them', () => {
    expect(
      configOf({
        ALLOWED_ORIGINS:
          ' https://Admin.Casino.Example/, http://localhost:5173,https://admin.casino.example:443',
      }).allowedOrigins,
    ).toEqual(['https://admin.casino.example', 'http://localhost:5173']);
    expect(
      problemsOf({ ALLOWED_ORIGINS: 'https://ok.example,admin.example,https://x.example/path' }),
    ).toEqual([
      'ALLOWED_ORIGINS: must be a comma-separated list of origins such as https://admin.example.com (invalid: admin.example, https://x.example/path)',
    ]);
  });
});
