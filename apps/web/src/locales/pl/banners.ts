import type { Translation } from '../translation';

export const banners: Translation['Banners'] = {
  carousel: 'karuzela',
  carousel_label: 'Promocje',
  slide: 'slajd',
  slide_label: '{{index}} z {{count}}',
  previous: 'Poprzedni baner',
  next: 'Następny baner',
  go_to: 'Pokaż baner {{index}}',
  tournament_ends: 'Koniec: {{date}}',
  partners_title: 'Nasi partnerzy',
  partner_details: 'Szczegóły: {{name}}',
  partner_open: 'Przejdź na stronę partnera',
};
