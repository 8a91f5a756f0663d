import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Notifikasi nonaktif',
  refuse_description: 'Anda dapat mengaktifkannya kapan saja di pengaturan browser.',
  prompt_title: 'Aktifkan notifikasi?',
  prompt_description:
    'Ketahui segera saat deposit masuk, penarikan dibayar, Anda memenangkan hadiah turnamen, atau bonus akan segera kedaluwarsa.',
  allow: 'Aktifkan',
  later: 'Nanti saja',
  settings_title: 'Notifikasi',
  settings_hint:
    'Pilih hal yang ingin kami beritahukan. Pilihan berlaku di semua perangkat yang notifikasinya aktif.',
  categories_legend: 'Beri tahu saya tentang',
  state_on: 'Aktif di perangkat ini.',
  state_off: 'Nonaktif di perangkat ini.',
  state_off_elsewhere: 'Nonaktif di perangkat ini; aktif di perangkat Anda yang lain.',
  state_denied:
    'Diblokir di browser ini. Izinkan notifikasi untuk situs ini di pengaturan browser.',
  state_unsupported: 'Browser ini tidak dapat menampilkan notifikasi.',
  state_unavailable: 'Notifikasi sedang tidak tersedia.',
  categories: {
    deposits: 'Deposit masuk',
    withdrawals: 'Penarikan dibayar',
    tournaments: 'Hadiah turnamen',
    bonuses: 'Bonus segera berakhir',
    sportsbook: 'Kemenangan besar taruhan olahraga',
  },
};
