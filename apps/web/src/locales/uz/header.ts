import type { Translation } from '../translation';

export const header: Translation['Header'] = {
  home: 'Bosh sahifa',
  login: 'Kirish',
  register: 'Roʻyxatdan oʻtish',
  top_up: 'Toʻldirish',
  balance: 'Balans',
  search: 'Qidiruv',
  bonuses: 'Bonuslar',
  profile: 'Profil',
  vip: 'VIP',
  complete_profile: 'Profilni toʻldiring',
};
