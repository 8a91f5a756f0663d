/**
 * The messenger build (shell spec §4, wallet spec §6): the app runs as a mini-app when the
 * messenger opens it with launch parameters in the URL (`tgWebAppData` = the signed init data,
 * `tgWebAppPlatform`, `tgWebAppVersion`, `tgWebAppStartParam`), normally in the hash; the bot's
 * mini-app address names the bot (`botId` in the query). Later navigations drop them, so the
 * first sighting is remembered for the tab's session. Only this file knows the parameters'
 * names; the messenger's SDK itself loads on demand (features/messenger) and only here.
 */

export interface MessengerLaunch {
  /** The signed init data the server verifies. */
  initData: string;
  platform: string;
  /** The messenger client's mini-app version, e.g. `8.0` ('' when not given). */
  version: string;
  /** The start parameter of the link that opened the mini-app ('' when none). */
  startParam: string;
  /** The bot whose mini-app this is ('' when the address does not say). */
  botId: string;
}

export const messengerLaunchStorageKey = 'messenger_launch';

interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function launchFrom(parameters: string, botId: string): MessengerLaunch | null {
  const params = new URLSearchParams(parameters.replace(/^[#?]/, ''));
  const initData = params.get('tgWebAppData');
  const platform = params.get('tgWebAppPlatform');
  if (!initData && !platform) return null;
  return {
    initData: initData ?? '',
    platform: platform ?? 'unknown',
    version: params.get('tgWebAppVersion') ?? '',
    startParam: params.get('tgWebAppStartParam') ?? '',
    botId: params.get('botId') ?? botId,
  };
}

function parseStored(value: string | null): MessengerLaunch | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const record = parsed as Record<string, unknown>;
    const text = (key: string) => (typeof record[key] === 'string' ? record[key] : '');
    if (typeof record.initData !== 'string' || typeof record.platform !== 'string') return null;
    return {
      initData: record.initData,
      platform: record.platform,
      version: text('version'),
      startParam: text('startParam'),
      botId: text('botId'),
    };
  } catch {
    // Something else wrote the key; treat it as no launch.
  }
  return null;
}

/** A bot id as the server knows it (digits), else ''. */
function botIdFrom(search: string): string {
  const value = new URLSearchParams(search.replace(/^\?/, '')).get('botId') ?? '';
  return /^[1-9]\d{0,19}$/.test(value) ? value : '';
}

/** The launch parameters from the URL (hash first, then search), else the remembered ones. */
export function detectMessengerLaunch(
  location: { hash: string; search: string },
  storage: KeyValueStorage | null,
): MessengerLaunch | null {
  const botId = botIdFrom(location.search);
  const fromUrl = launchFrom(location.hash, botId) ?? launchFrom(location.search, botId);
  if (fromUrl) {
    if (!/^[1-9]\d{0,19}$/.test(fromUrl.botId)) fromUrl.botId = '';
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

let linkOpener: ((url: string) => void) | null = null;

/** The messenger build hands its SDK's link opener here once the SDK is up. */
export function setExternalLinkOpener(opener: ((url: string) => void) | null): void {
  linkOpener = opener;
}

/**
 * Opens a page outside the app (a pay page, a partner's site): in the messenger build through
 * the messenger's own link facility (its SDK's `openLink`), else in a new tab.
 */
export function openExternalLink(url: string): void {
  if (linkOpener) {
    try {
      linkOpener(url);
      return;
    } catch (error) {
      console.warn('The messenger could not open the link', error);
    }
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}
