export const banners = {
  carousel: 'carousel',
  carousel_label: 'Promotions',
  slide: 'slide',
  slide_label: '{{index}} of {{count}}',
  previous: 'Previous banner',
  next: 'Next banner',
  go_to: 'Show banner {{index}}',
  tournament_ends: 'Ends {{date}}',
  partners_title: 'Our partners',
  partner_details: 'About {{name}}',
  partner_open: 'Visit the partner site',
};
