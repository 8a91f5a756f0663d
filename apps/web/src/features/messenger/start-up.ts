import type { MessengerLaunch } from '@/lib/messenger-launch';

/**
 * What the start-up asks of the messenger (its SDK, `telegram-sdk.ts`; a recording stand-in in
 * the unit tests). Each may throw or reject: the start-up logs it and goes on.
 */
export interface MessengerStartUpSdk {
  /** starts the SDK (reads the launch parameters, listens to the messenger's events) */
  init(): void;
  /** learns the viewport and asks the messenger to give the app its full height */
  expand(): Promise<void>;
  requestFullscreen(): Promise<void>;
  enableClosingConfirmation(): void;
  disableVerticalSwipes(): void;
  /** keeps the viewport's safe-area insets in CSS variables the page padding uses */
  bindSafeArea(): void;
}

export interface MessengerSignInBody {
  botId: string;
  initData: string;
  promo?: string;
}

export interface MessengerStartUpDependencies {
  sdk: MessengerStartUpSdk;
  launch: MessengerLaunch;
  /** POST /api/v1/auth/messenger; resolves with the session's token */
  signIn(body: MessengerSignInBody): Promise<{ token: string }>;
  /** keeps the session the messenger user signed into */
  setToken(token: string): void;
  /** whether the server refused the bot (invalid_bot): the full-screen invalid message */
  isInvalidBot(error: unknown): boolean;
  /** start-up errors are only logged (spec §8) */
  log(message: string, error: unknown): void;
}

export interface MessengerStartUpResult {
  /** the server does not know this bot: the app shows only the invalid message */
  invalidBot: boolean;
  /** this launch signed the messenger user in */
  signedIn: boolean;
}

/** Full screen exists from the messenger's mini-app version 8 on (spec §9). */
export const fullscreenMinimumVersion = 8;

/** Whether a version like `8.0` or `7.10` is at least `major` (an unreadable one is not). */
export function isVersionAtLeast(version: string, major: number): boolean {
  const first = Number.parseInt(version.split('.')[0] ?? '', 10);
  return Number.isFinite(first) && first >= major;
}

/** Whether the start parameter asks for the cashier (the wallet's deposit tab). */
export function wantsCashier(startParam: string): boolean {
  return startParam.toLowerCase().includes('cashier');
}

/**
 * The mini-app's start-up (shell spec §4), run while the preloader shows: expand (full screen
 * when the client's version is 8 or higher), ask for confirmation on closing, disable vertical
 * swipes, bind the safe-area insets, then verify the launch with the server when both a bot id
 * and init data exist. Every error is only logged and the start-up always finishes, so the
 * preloader ends in any case.
 */
export async function runMessengerStartUp({
  sdk,
  launch,
  signIn,
  setToken,
  isInvalidBot,
  log,
}: MessengerStartUpDependencies): Promise<MessengerStartUpResult> {
  const step = async (name: string, work: () => void | Promise<void>) => {
    try {
      await work();
    } catch (error) {
      log(`Messenger start-up: ${name} failed`, error);
    }
  };
  await step('init', () => sdk.init());
  await step('expand', () => sdk.expand());
  if (isVersionAtLeast(launch.version, fullscreenMinimumVersion)) {
    await step('full screen', () => sdk.requestFullscreen());
  }
  await step('closing confirmation', () => sdk.enableClosingConfirmation());
  await step('vertical swipes', () => sdk.disableVerticalSwipes());
  await step('safe area', () => sdk.bindSafeArea());

  const result: MessengerStartUpResult = { invalidBot: false, signedIn: false };
  if (launch.botId && launch.initData) {
    try {
      const { token } = await signIn({
        botId: launch.botId,
        initData: launch.initData,
        ...(launch.startParam ? { promo: launch.startParam } : {}),
      });
      setToken(token);
      result.signedIn = true;
    } catch (error) {
      if (isInvalidBot(error)) result.invalidBot = true;
      else log('Messenger start-up: verifying the launch failed', error);
    }
  }
  return result;
}
