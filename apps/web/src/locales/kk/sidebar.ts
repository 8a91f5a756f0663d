import type { Translation } from '../translation';

export const sidebar: Translation['Sidebar'] = {
  navigation: 'Негізгі навигация',
  casino: 'Казино',
  sport: 'Спорт',
  search: 'Іздеу',
  tournaments: 'Турнирлер',
  all_tournaments: 'Барлық турнирлер',
  bonuses: 'Бонустар',
  language: 'Тіл',
  expand: 'Мәзірді ашу',
  collapse: 'Мәзірді жию',
  shortcut: 'Ctrl + B',
  menu: 'Мәзір',
  wallet: 'Әмиян',
  community: 'Қауымдастық',
  messenger_channel: 'Мессенджердегі арна',
  x: 'X',
};
