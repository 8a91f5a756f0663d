import type { Translation } from '../translation';

export const header: Translation['Header'] = {
  home: 'Beranda',
  login: 'Masuk',
  register: 'Daftar',
  top_up: 'Isi saldo',
  balance: 'Saldo',
  search: 'Cari',
  bonuses: 'Bonus',
  profile: 'Profil',
  vip: 'VIP',
  complete_profile: 'Lengkapi profil Anda',
};
