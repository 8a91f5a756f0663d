export const portal = {
  title_vip: 'VIP club',
  title_community: 'Community',
  entry_vip: 'VIP club',
  entry_community: 'Community',
  vip_text:
    'Your VIP contacts: a personal manager, the messenger bot and a mirror that always works.',
  community_text: 'News, promo codes and giveaways in our channels.',
  manager: 'Your VIP manager',
  bot: 'Messenger bot',
  bot_text: 'Play and top up right in the messenger',
  mirror: 'Web mirror',
  mirror_text: 'Our address for when the main site does not open',
  channel_ru: 'Channel in Russian',
  channel_en: 'Channel in English',
  channel_text: 'News, promo codes and giveaways',
};
