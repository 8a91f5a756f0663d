/**
 * The crypto guide's services (wallet spec §1, §2): an exchange aggregator, an exchange, the
 * messenger's crypto bot, the messenger's built-in wallet and a self-custody wallet. This is the
 * one file an operator edits to rename a service, point its button at another site or publish a
 * video: the texts themselves live in the locales under `CryptoGuide.services.<id>`.
 */

export const cryptoGuideServiceIds = [
  'aggregator',
  'exchange',
  'crypto-bot',
  'messenger-wallet',
  'self-custody',
] as const;
export type CryptoGuideServiceId = (typeof cryptoGuideServiceIds)[number];

export function parseCryptoGuideServiceId(value: string | null): CryptoGuideServiceId | null {
  return cryptoGuideServiceIds.find((id) => id === value) ?? null;
}

/** What a step's phone screen shows; the step screen template draws each one. */
export type StepScene =
  | 'compare'
  | 'buy'
  | 'assets'
  | 'network'
  | 'address'
  | 'done'
  | 'chat'
  | 'seed';

/** One item of the "send it to the casino" list: the service's own step or a shared one. */
export type SendStep =
  | 'service'
  | 'same_network'
  | 'paste_address'
  | 'memo'
  | 'confirm'
  | 'confirmations';

/** The glyph of the service's mark (original drawings, no third-party logos). */
export type MarkGlyph = 'swap' | 'candles' | 'bot' | 'wallet' | 'shield';

export interface CryptoGuideService {
  id: CryptoGuideServiceId;
  /** The service's name as players know it (not translated). */
  name: string;
  /** Where the service button leads (opens in a new tab). */
  url: string;
  mark: { glyph: MarkGlyph; from: string; to: string };
  /** The coin and network the step screens use as their example. */
  example: { asset: string; network: string; memo: boolean };
  /** Number of items in `CryptoGuide.services.<id>.buy_<n>`. */
  buyStepCount: number;
  sendSteps: readonly SendStep[];
  /** The step screens, each captioned by `CryptoGuide.image.captions.<id>_<n>` (1-based). */
  screens: readonly StepScene[];
  /** Whether `CryptoGuide.services.<id>.tip` exists. */
  hasTip: boolean;
  /**
   * The tab's video (spec §2 "a video for some"): a silent mp4/webm screen recording of the tab's
   * steps, played muted, with its poster (posters for the aggregator, exchange and messenger
   * wallet tabs are drawn under /crypto-guide/poster-<id>.svg). Null: the tab has no video, and
   * no slot is shown — no recordings are published yet.
   */
  video: { url: string; poster: string } | null;
}

export const cryptoGuideServices: readonly CryptoGuideService[] = [
  {
    id: 'aggregator',
    name: 'ChangeRadar',
    url: 'https://changeradar.io/',
    mark: { glyph: 'swap', from: '#2dd4bf', to: '#0f766e' },
    example: { asset: 'USDT', network: 'TRC20', memo: false },
    buyStepCount: 3,
    sendSteps: ['same_network', 'paste_address', 'memo', 'service', 'confirmations'],
    screens: ['compare', 'network', 'address', 'done'],
    hasTip: false,
    video: null,
  },
  {
    id: 'exchange',
    name: 'Coinvale',
    url: 'https://coinvale.com/',
    mark: { glyph: 'candles', from: '#fbbf24', to: '#b45309' },
    example: { asset: 'USDT', network: 'TRC20', memo: false },
    buyStepCount: 3,
    sendSteps: ['service', 'same_network', 'paste_address', 'memo', 'confirm', 'confirmations'],
    screens: ['buy', 'assets', 'network', 'address'],
    hasTip: false,
    video: null,
  },
  {
    id: 'crypto-bot',
    name: 'Crypto Bot',
    url: 'https://t.me/CryptoBot',
    mark: { glyph: 'bot', from: '#60a5fa', to: '#1d4ed8' },
    example: { asset: 'USDT', network: 'TRC20', memo: false },
    buyStepCount: 3,
    sendSteps: ['service', 'same_network', 'paste_address', 'memo', 'confirm', 'confirmations'],
    screens: ['chat', 'buy', 'network', 'address'],
    hasTip: true,
    video: null,
  },
  {
    id: 'messenger-wallet',
    name: 'Messenger Wallet',
    url: 'https://t.me/wallet',
    mark: { glyph: 'wallet', from: '#38bdf8', to: '#0369a1' },
    example: { asset: 'USDT', network: 'TON', memo: true },
    buyStepCount: 3,
    sendSteps: ['service', 'same_network', 'paste_address', 'memo', 'confirm', 'confirmations'],
    screens: ['chat', 'buy', 'address', 'done'],
    hasTip: false,
    video: null,
  },
  {
    id: 'self-custody',
    name: 'Tonvault',
    url: 'https://tonvault.app/',
    mark: { glyph: 'shield', from: '#a78bfa', to: '#6d28d9' },
    example: { asset: 'TON', network: 'TON', memo: true },
    buyStepCount: 3,
    sendSteps: ['service', 'same_network', 'paste_address', 'memo', 'confirm', 'confirmations'],
    screens: ['seed', 'buy', 'address', 'done'],
    hasTip: true,
    video: null,
  },
];

export function cryptoGuideService(id: CryptoGuideServiceId): CryptoGuideService {
  const service = cryptoGuideServices.find((candidate) => candidate.id === id);
  if (!service) throw new Error(`Unknown crypto guide service ${id}`);
  return service;
}

/** Spec §2: Russian-language players see the Russian step images, everyone else the English ones. */
export type GuideImageLanguage = 'ru' | 'en';

export function guideImageLanguage(language: string | undefined): GuideImageLanguage {
  return language === 'ru' ? 'ru' : 'en';
}
