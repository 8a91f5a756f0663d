import type { Translation } from '../translation';

export const promo: Translation['Promo'] = {
  form_title: 'Kode promo',
  form_hint: 'Punya kode promo? Masukkan untuk mendapatkan hadiahnya.',
  code_label: 'Kode promo',
  code_placeholder: 'Masukkan kode',
  activate: 'Aktifkan',
  added_title: 'Dana ditambahkan',
  added_text: '{{amount}} telah ditambahkan ke saldo utama Anda.',
  available_title: 'Bonus tersedia',
  available_text:
    'Bonus Anda sebesar {{amount}} sudah siap. Penuhi syarat taruhannya untuk mengubahnya menjadi uang asli.',
  have_title: 'Anda memiliki kode promo',
  have_text: 'Lakukan deposit untuk menerima bonus dari kode promo ini.',
  first_deposit_title: 'Bonus untuk deposit pertama Anda',
  first_deposit_text: 'Isi saldo sekarang dan kode promo ini akan memberi Anda bonus.',
  freespins: '+{{count}} putaran gratis senilai {{amount}}',
  code: 'Kode Anda',
  to_bonuses: 'Ke bonus saya',
  top_up: 'Isi saldo',
  ok: 'Mantap',
};
