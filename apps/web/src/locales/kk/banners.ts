import type { Translation } from '../translation';

export const banners: Translation['Banners'] = {
  carousel: 'карусель',
  carousel_label: 'Акциялар',
  slide: 'слайд',
  slide_label: '{{count}} ішінен {{index}}',
  previous: 'Алдыңғы баннер',
  next: 'Келесі баннер',
  go_to: '{{index}}-баннерді көрсету',
  tournament_ends: 'Аяқталуы: {{date}}',
  partners_title: 'Серіктестеріміз',
  partner_details: '{{name}} серіктесі туралы',
  partner_open: 'Серіктес сайтына өту',
};
