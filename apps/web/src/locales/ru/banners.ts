import type { Translation } from '../translation';

export const banners: Translation['Banners'] = {
  carousel: 'карусель',
  carousel_label: 'Акции',
  slide: 'слайд',
  slide_label: '{{index}} из {{count}}',
  previous: 'Предыдущий баннер',
  next: 'Следующий баннер',
  go_to: 'Показать баннер {{index}}',
  tournament_ends: 'Окончание {{date}}',
  partners_title: 'Наши партнёры',
  partner_details: 'О партнёре {{name}}',
  partner_open: 'Перейти на сайт партнёра',
};
