import type { Translation } from '../translation';

export const banners: Translation['Banners'] = {
  carousel: 'karusel',
  carousel_label: 'Aksiyalar',
  slide: 'slayd',
  slide_label: '{{index}} / {{count}}',
  previous: 'Əvvəlki banner',
  next: 'Növbəti banner',
  go_to: '{{index}} nömrəli banneri göstər',
  tournament_ends: 'Bitir: {{date}}',
  partners_title: 'Tərəfdaşlarımız',
  partner_details: '{{name}} haqqında',
  partner_open: 'Tərəfdaşın saytına keç',
};
