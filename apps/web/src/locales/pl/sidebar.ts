import type { Translation } from '../translation';

export const sidebar: Translation['Sidebar'] = {
  navigation: 'Nawigacja główna',
  casino: 'Kasyno',
  sport: 'Sport',
  search: 'Szukaj',
  tournaments: 'Turnieje',
  all_tournaments: 'Wszystkie turnieje',
  bonuses: 'Bonusy',
  language: 'Język',
  expand: 'Rozwiń menu',
  collapse: 'Zwiń menu',
  shortcut: 'Ctrl + B',
  menu: 'Menu',
  wallet: 'Portfel',
  community: 'Społeczność',
  messenger_channel: 'Kanał w komunikatorze',
  x: 'X',
};
