import type { Translation } from '../translation';

export const portal: Translation['Portal'] = {
  title_vip: 'Klub VIP',
  title_community: 'Komunitas',
  entry_vip: 'Klub VIP',
  entry_community: 'Komunitas',
  vip_text:
    'Kontak VIP Anda: manajer pribadi, bot messenger, dan link alternatif yang selalu aktif.',
  community_text: 'Berita, kode promo, dan giveaway di kanal kami.',
  manager: 'Manajer VIP Anda',
  bot: 'Bot messenger',
  bot_text: 'Bermain dan isi saldo langsung di messenger',
  mirror: 'Link alternatif',
  mirror_text: 'Alamat kami saat situs utama tidak bisa dibuka',
  channel_ru: 'Kanal berbahasa Rusia',
  channel_en: 'Kanal berbahasa Inggris',
  channel_text: 'Berita, kode promo, dan giveaway',
};
