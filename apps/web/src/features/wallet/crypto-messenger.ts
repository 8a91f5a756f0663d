/**
 * The messenger-bot build (wallet spec §6): the mini-app is opened by the messenger with launch
 * parameters in the URL (`tgWebAppData` = the signed init data, `tgWebAppPlatform`), normally in
 * the hash. Later navigations drop them, so the first sighting is remembered for the tab's
 * session; only then do the crypto-bot and x-rocket options exist.
 */

export interface MessengerLaunch {
  /** The signed init data the server verifies to link the messenger account. */
  initData: string;
  platform: string;
}

export const messengerLaunchStorageKey = 'messenger_launch';

interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function launchFrom(parameters: string): MessengerLaunch | null {
  const params = new URLSearchParams(parameters.replace(/^[#?]/, ''));
  const initData = params.get('tgWebAppData');
  const platform = params.get('tgWebAppPlatform');
  if (!initData && !platform) return null;
  return { initData: initData ?? '', platform: platform ?? 'unknown' };
}

function parseStored(value: string | null): MessengerLaunch | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'initData' in parsed &&
      'platform' in parsed &&
      typeof parsed.initData === 'string' &&
      typeof parsed.platform === 'string'
    ) {
      return { initData: parsed.initData, platform: parsed.platform };
    }
  } catch {
    // Something else wrote the key; treat it as no launch.
  }
  return null;
}

/** The launch parameters from the URL (hash first, then search), else the remembered ones. */
export function detectMessengerLaunch(
  location: { hash: string; search: string },
  storage: KeyValueStorage | null,
): MessengerLaunch | null {
  const fromUrl = launchFrom(location.hash) ?? launchFrom(location.search);
  if (fromUrl) {
    try {
      storage?.setItem(messengerLaunchStorageKey, JSON.stringify(fromUrl));
    } catch {
      // Storage may be off (private mode): the launch still counts for this page.
    }
    return fromUrl;
  }
  try {
    return parseStored(storage?.getItem(messengerLaunchStorageKey) ?? null);
  } catch {
    return null;
  }
}

function sessionStorageOrNull(): KeyValueStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

let detected: MessengerLaunch | null | undefined;

/** This page's launch, read once (the URL may lose the parameters when the router navigates). */
export function currentMessengerLaunch(): MessengerLaunch | null {
  if (detected === undefined) {
    detected =
      typeof window === 'undefined'
        ? null
        : detectMessengerLaunch(window.location, sessionStorageOrNull());
  }
  return detected;
}

interface MessengerWebApp {
  openLink?: (url: string) => void;
}

/** Opens a pay page: the messenger's own link opener when its SDK is there, else a new tab. */
export function openExternalLink(url: string): void {
  const webApp = (globalThis as { Telegram?: { WebApp?: MessengerWebApp } }).Telegram?.WebApp;
  if (webApp?.openLink) {
    webApp.openLink(url);
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}
