import type { Translation } from '../translation';

export const support: Translation['Support'] = {
  title: 'Dukungan 24/7',
  card_text: 'Kami menjawab siang dan malam, biasanya dalam hitungan menit.',
  write: 'Tulis',
  modal_title: 'Hubungi dukungan',
  modal_description: 'Pilih cara yang paling nyaman untuk Anda. Kami siap 24 jam.',
  live_chat: 'Chat langsung',
  live_chat_hint: 'Chat dengan agen sekarang juga',
  bot: 'Bot dukungan',
  bot_hint: 'Kirim pesan kepada kami di messenger',
  email: 'E-mail',
  email_hint: 'Untuk dokumen dan permintaan terperinci',
  copy_email: 'Salin e-mail',
};
