import { socialLinks, supportChatLocation } from '@casino/contract';

/** The live-chat desk, opened with the location code that routes the chat to the right team. */
const liveChatBaseUrl = 'https://chat.casino.local/';

export function liveChatUrl(language: string): string {
  const url = new URL(liveChatBaseUrl);
  url.searchParams.set('location', supportChatLocation(language));
  return url.toString();
}

export const supportBotUrl = socialLinks.supportBot;
