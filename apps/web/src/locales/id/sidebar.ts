import type { Translation } from '../translation';

export const sidebar: Translation['Sidebar'] = {
  navigation: 'Navigasi utama',
  casino: 'Kasino',
  sport: 'Olahraga',
  search: 'Cari',
  tournaments: 'Turnamen',
  all_tournaments: 'Semua turnamen',
  bonuses: 'Bonus',
  language: 'Bahasa',
  expand: 'Buka menu',
  collapse: 'Ciutkan menu',
  shortcut: 'Ctrl + B',
  menu: 'Menu',
  wallet: 'Dompet',
  community: 'Komunitas',
  messenger_channel: 'Kanal messenger',
  x: 'X',
};
