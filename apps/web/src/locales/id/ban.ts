import type { Translation } from '../translation';

export const ban: Translation['Ban'] = {
  title: 'Akun Anda diblokir',
  description: 'Akses ke game, pembayaran, dan bonus untuk akun ini telah dibatasi.',
  user_id: 'ID pengguna Anda',
  reason_label: 'Alasan',
  reason: {
    ddos: 'Lalu lintas otomatis yang mencurigakan',
    multiaccounting: 'Beberapa akun milik satu orang',
    bruteforce: 'Upaya menebak kata sandi berulang kali',
    kyc: 'Verifikasi identitas tidak lolos',
    bonus_abuse: 'Penyalahgunaan bonus',
    psg: 'Pembatasan permainan yang bertanggung jawab',
    restricted_geo: 'Akses dari wilayah yang dibatasi',
    save_balance_check: 'Pemeriksaan keamanan saldo',
    other: 'Pelanggaran syarat penggunaan',
  },
  terms: 'Syarat penggunaan',
  contact_support: 'Hubungi dukungan',
  appeal: 'Jika menurut Anda ini keliru, hubungi dukungan dan sebutkan ID pengguna Anda.',
};
