import type { Translation } from '../translation';

export const sidebar: Translation['Sidebar'] = {
  navigation: 'Основная навигация',
  casino: 'Казино',
  sport: 'Спорт',
  search: 'Поиск',
  tournaments: 'Турниры',
  all_tournaments: 'Все турниры',
  bonuses: 'Бонусы',
  language: 'Язык',
  expand: 'Развернуть меню',
  collapse: 'Свернуть меню',
  shortcut: 'Ctrl + B',
  menu: 'Меню',
  wallet: 'Кошелёк',
  community: 'Сообщество',
  messenger_channel: 'Канал в мессенджере',
  x: 'X',
};
