import type { Translation } from '../translation';

export const sidebar: Translation['Sidebar'] = {
  navigation: 'Asosiy navigatsiya',
  casino: 'Kazino',
  sport: 'Sport',
  search: 'Qidiruv',
  tournaments: 'Turnirlar',
  all_tournaments: 'Barcha turnirlar',
  bonuses: 'Bonuslar',
  language: 'Til',
  expand: 'Menyuni ochish',
  collapse: 'Menyuni yigʻish',
  shortcut: 'Ctrl + B',
  menu: 'Menyu',
  wallet: 'Hamyon',
  community: 'Hamjamiyat',
  messenger_channel: 'Messenjerdagi kanal',
  x: 'X',
};
