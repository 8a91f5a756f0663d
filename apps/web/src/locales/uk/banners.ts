import type { Translation } from '../translation';

export const banners: Translation['Banners'] = {
  carousel: 'карусель',
  carousel_label: 'Акції',
  slide: 'слайд',
  slide_label: '{{index}} з {{count}}',
  previous: 'Попередній банер',
  next: 'Наступний банер',
  go_to: 'Показати банер {{index}}',
  tournament_ends: 'Завершення: {{date}}',
  partners_title: 'Наші партнери',
  partner_details: 'Про партнера {{name}}',
  partner_open: 'Перейти на сайт партнера',
};
