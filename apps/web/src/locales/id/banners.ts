import type { Translation } from '../translation';

export const banners: Translation['Banners'] = {
  carousel: 'korsel',
  carousel_label: 'Promosi',
  slide: 'slide',
  slide_label: '{{index}} dari {{count}}',
  previous: 'Banner sebelumnya',
  next: 'Banner berikutnya',
  go_to: 'Tampilkan banner {{index}}',
  tournament_ends: 'Berakhir {{date}}',
  partners_title: 'Mitra kami',
  partner_details: 'Tentang {{name}}',
  partner_open: 'Kunjungi situs mitra',
};
