import type { Translation } from '../translation';

export const portal: Translation['Portal'] = {
  title_vip: 'VIP klub',
  title_community: 'İcma',
  entry_vip: 'VIP klub',
  entry_community: 'İcma',
  vip_text: 'VIP əlaqələriniz: şəxsi menecer, messencer botu və həmişə işləyən güzgü sayt.',
  community_text: 'Kanallarımızda xəbərlər, promokodlar və çəkilişlər.',
  manager: 'VIP meneceriniz',
  bot: 'Messencer botu',
  bot_text: 'Birbaşa messencerdə oynayın və balansı artırın',
  mirror: 'Güzgü sayt',
  mirror_text: 'Əsas sayt açılmadıqda istifadə edəcəyiniz ünvanımız',
  channel_ru: 'Rus dilində kanal',
  channel_en: 'İngilis dilində kanal',
  channel_text: 'Xəbərlər, promokodlar və çəkilişlər',
};
