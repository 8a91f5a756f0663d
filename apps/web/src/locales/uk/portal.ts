import type { Translation } from '../translation';

export const portal: Translation['Portal'] = {
  title_vip: 'VIP-клуб',
  title_community: 'Спільнота',
  entry_vip: 'VIP-клуб',
  entry_community: 'Спільнота',
  vip_text:
    'Ваші VIP-контакти: персональний менеджер, бот у месенджері та дзеркало, яке працює завжди.',
  community_text: 'Новини, промокоди й розіграші в наших каналах.',
  manager: 'Ваш VIP-менеджер',
  bot: 'Бот у месенджері',
  bot_text: 'Грайте й поповнюйте рахунок просто в месенджері',
  mirror: 'Дзеркало сайту',
  mirror_text: 'Наша адреса на випадок, якщо основний сайт не відкривається',
  channel_ru: 'Канал російською',
  channel_en: 'Канал англійською',
  channel_text: 'Новини, промокоди й розіграші',
};
