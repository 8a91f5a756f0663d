import type { Translation } from '../translation';

export const banners: Translation['Banners'] = {
  carousel: 'karusel',
  carousel_label: 'Aksiyalar',
  slide: 'slayd',
  slide_label: '{{index}} / {{count}}',
  previous: 'Oldingi banner',
  next: 'Keyingi banner',
  go_to: '{{index}}-bannerni koʻrsatish',
  tournament_ends: 'Tugaydi: {{date}}',
  partners_title: 'Hamkorlarimiz',
  partner_details: '{{name}} haqida',
  partner_open: 'Hamkor saytiga oʻtish',
};
