import type { Translation } from '../translation';

export const verifyModal: Translation['VerifyModal'] = {
  back: 'Kembali',
  wager: {
    error: 'Syarat taruhan belum terpenuhi',
    description: 'Penarikan dibuka setelah syarat taruhan bonus aktif Anda terpenuhi.',
  },
  personal: {
    error: 'Lengkapi profil Anda untuk melakukan penarikan',
    description:
      'Kami memerlukan nama depan, nama belakang, jenis kelamin, dan tanggal lahir Anda.',
    to_profile: 'Ke profil',
  },
};
