import type { Translation } from '../translation';

export const header: Translation['Header'] = {
  home: 'Ana səhifə',
  login: 'Daxil ol',
  register: 'Qeydiyyat',
  top_up: 'Balansı artır',
  balance: 'Balans',
  search: 'Axtarış',
  bonuses: 'Bonuslar',
  profile: 'Profil',
  vip: 'VIP',
  complete_profile: 'Profili tamamlayın',
};
