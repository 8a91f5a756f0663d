import type { Translation } from '../translation';

export const portal: Translation['Portal'] = {
  title_vip: 'Klub VIP',
  title_community: 'Społeczność',
  entry_vip: 'Klub VIP',
  entry_community: 'Społeczność',
  vip_text:
    'Twoje kontakty VIP: osobisty opiekun, bot w komunikatorze i strona lustrzana, która zawsze działa.',
  community_text: 'Nowości, kody promocyjne i rozdania na naszych kanałach.',
  manager: 'Twój opiekun VIP',
  bot: 'Bot w komunikatorze',
  bot_text: 'Graj i wpłacaj bezpośrednio w komunikatorze',
  mirror: 'Strona lustrzana',
  mirror_text: 'Nasz adres na wypadek, gdy główna strona się nie otwiera',
  channel_ru: 'Kanał po rosyjsku',
  channel_en: 'Kanał po angielsku',
  channel_text: 'Nowości, kody promocyjne i rozdania',
};
