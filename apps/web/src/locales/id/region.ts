import type { Translation } from '../translation';

export const region: Translation['Region'] = {
  title: 'Tidak tersedia di wilayah Anda',
  description:
    'Berdasarkan hukum di negara Anda, kami tidak dapat menyediakan layanan kami di sini. Dana Anda aman.',
  country: 'Negara',
  unknown_country: 'Tidak diketahui',
  ip: 'Alamat IP Anda',
  retry: 'Coba lagi',
  community: 'Tetap terhubung dengan komunitas kami',
};
