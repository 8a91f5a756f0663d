import type { Translation } from '../translation';

export const connection: Translation['Connection'] = {
  title: 'Koneksi tidak stabil',
  description:
    'Saat ini kami tidak dapat terhubung ke server. Periksa koneksi internet Anda dan muat ulang halaman.',
  reload: 'Muat ulang halaman',
};
