import type { Translation } from '../translation';

export const shared: Translation['Shared'] = {
  copy: 'Nusxa olish',
  copy_success: 'Buferga nusxa olindi',
  copy_failed: 'Nusxa olib boʻlmadi. Matnni belgilab, qoʻlda nusxa oling.',
  close: 'Yopish',
  retry: 'Qayta urinish',
  loading: 'Yuklanmoqda…',
  temporary_difficulties:
    'Nimadir xato ketdi. Vaqtinchalik nosozliklar bor, birozdan keyin qayta urinib koʻring.',
  still_working: 'Hali ishlayapmiz, kutganingiz uchun rahmat…',
  back_to_casino: 'Kazinoga qaytish',
  select_placeholder: 'Tanlang…',
  search_placeholder: 'Qidirish uchun yozing…',
  nothing_found: 'Hech narsa topilmadi',
  selected_count: 'Tanlandi: {{count}}',
  maximum_reached: 'Koʻpi bilan {{maximum}} ta tanlash mumkin',
  scroll_to_top: 'Yuqoriga',
  opens_in_new_tab: '(yangi varaqda ochiladi)',
  error_reference: 'Xato {{key}} · {{time}}',
  countdown_days: 'kun',
  countdown_hours: 'soat',
  countdown_minutes: 'daq',
  countdown_seconds: 'son',
  countdown_label: 'Qolgan vaqt',
};
