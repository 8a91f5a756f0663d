import type { Translation } from '../translation';

export const banners: Translation['Banners'] = {
  carousel: 'कैरोसेल',
  carousel_label: 'प्रमोशन',
  slide: 'स्लाइड',
  slide_label: '{{count}} में से {{index}}',
  previous: 'पिछला बैनर',
  next: 'अगला बैनर',
  go_to: 'बैनर {{index}} दिखाएँ',
  tournament_ends: '{{date}} को समाप्त होगा',
  partners_title: 'हमारे पार्टनर',
  partner_details: '{{name}} के बारे में',
  partner_open: 'पार्टनर की साइट पर जाएँ',
};
