import { socialLinks } from '@casino/contract';

/**
 * Where the VIP / community portal points (wallet spec §2): the messenger bot, the web mirror
 * (an address that stays reachable where the main one is blocked) and the community channels.
 */
export const portalLinks = {
  messengerBot: 'https://t.me/casino_platform_bot',
  webMirror: 'https://mirror.casino.local/',
  channelRu: socialLinks.messengerChannelRu,
  channelEn: socialLinks.messengerChannel,
} as const;

/** A messenger handle as a link (the same form the profile's VIP manager row uses). */
export function messengerProfileUrl(handle: string): string {
  return `https://t.me/${encodeURIComponent(handle.replace(/^@/, ''))}`;
}

/** The community channels, the reader's language first (Russian-speaking locales get RU first). */
export function communityChannels(
  russianFirst: boolean,
): readonly { id: 'ru' | 'en'; url: string }[] {
  const ru = { id: 'ru', url: portalLinks.channelRu } as const;
  const en = { id: 'en', url: portalLinks.channelEn } as const;
  return russianFirst ? [ru, en] : [en, ru];
}
