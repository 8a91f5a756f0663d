import type { Translation } from '../translation';

export const sidebar: Translation['Sidebar'] = {
  navigation: 'Əsas naviqasiya',
  casino: 'Kazino',
  sport: 'İdman',
  search: 'Axtarış',
  tournaments: 'Turnirlər',
  all_tournaments: 'Bütün turnirlər',
  bonuses: 'Bonuslar',
  language: 'Dil',
  expand: 'Menyunu aç',
  collapse: 'Menyunu yığ',
  shortcut: 'Ctrl + B',
  menu: 'Menyu',
  wallet: 'Pul kisəsi',
  community: 'İcma',
  messenger_channel: 'Messencerdəki kanal',
  x: 'X',
};
