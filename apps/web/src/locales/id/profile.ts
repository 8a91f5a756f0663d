import type { Translation } from '../translation';

export const profile: Translation['Profile'] = {
  title: 'Profil',
  account: 'Akun',
  user_id: 'ID pengguna',
  email: 'E-mail',
  language: 'Bahasa',
  language_hint: 'Bahasa antarmuka dan bahasa pesan dari kami.',
  personal_data: 'Data pribadi',
  personal_data_hint:
    'Diperlukan untuk penarikan. Masukkan nama Anda persis seperti di dokumen identitas.',
  first_name: 'Nama depan',
  last_name: 'Nama belakang',
  gender: 'Jenis kelamin',
  gender_placeholder: 'Pilih jenis kelamin',
  gender_male: 'Laki-laki',
  gender_female: 'Perempuan',
  date_of_birth: 'Tanggal lahir',
  name_locked:
    'Nama Anda sudah dikonfirmasi dan tidak dapat diubah lagi. Hubungi dukungan jika ada kesalahan.',
  name_once: 'Nama hanya dapat diisi sekali. Periksa dengan teliti sebelum menyimpan.',
  save: 'Simpan',
  saved: 'Data pribadi disimpan',
  sign_out: 'Keluar',
  signed_out: 'Anda telah keluar',
  deposits_made: 'Deposit yang dilakukan',
  deposits_sum: 'Total nominal deposit',
  vip_player: 'Pemain VIP',
  vip_manager: 'Manajer VIP Anda',
  complete_for_withdrawals: 'Lengkapi data pribadi Anda agar dapat melakukan penarikan.',
  ready_for_withdrawals: 'Data pribadi Anda sudah lengkap.',
};
