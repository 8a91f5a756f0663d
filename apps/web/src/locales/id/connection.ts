import type { Translation } from '../translation';

export const connection: Translation['Connection'] = {
  title: 'Koneksi tidak stabil',
  description:
    'Saat ini kami tidak dapat terhubung ke server. Periksa koneksi internet Anda dan muat ulang halaman.',
  reload: 'Muat ulang halaman',
  invalid_bot: {
    title: 'Bot tidak valid',
    description:
      'Aplikasi ini dibuka dari bot yang tidak kami kenal. Buka kasino melalui bot resmi kami di messenger.',
  },
};
