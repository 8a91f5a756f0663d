import type { Translation } from '../translation';

export const sidebar: Translation['Sidebar'] = {
  navigation: 'Основна навігація',
  casino: 'Казино',
  sport: 'Спорт',
  search: 'Пошук',
  tournaments: 'Турніри',
  all_tournaments: 'Усі турніри',
  bonuses: 'Бонуси',
  language: 'Мова',
  expand: 'Розгорнути меню',
  collapse: 'Згорнути меню',
  shortcut: 'Ctrl + B',
  menu: 'Меню',
  wallet: 'Гаманець',
  community: 'Спільнота',
  messenger_channel: 'Канал у месенджері',
  x: 'X',
};
