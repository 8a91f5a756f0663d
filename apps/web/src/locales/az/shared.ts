import type { Translation } from '../translation';

export const shared: Translation['Shared'] = {
  copy: 'Kopyala',
  copy_success: 'Mübadilə buferinə kopyalandı',
  copy_failed: 'Kopyalamaq alınmadı. Mətni seçib əl ilə kopyalayın.',
  close: 'Bağla',
  retry: 'Yenidən cəhd et',
  loading: 'Yüklənir…',
  temporary_difficulties:
    'Nəsə səhv getdi. Müvəqqəti çətinliklər yaşayırıq, bir az sonra yenidən cəhd edin.',
  still_working: 'Hələ işləyirik, gözlədiyiniz üçün təşəkkür edirik…',
  back_to_casino: 'Kazinoya qayıt',
  select_placeholder: 'Seçin…',
  search_placeholder: 'Axtarmaq üçün yazın…',
  nothing_found: 'Heç nə tapılmadı',
  selected_count: 'Seçilib: {{count}}',
  maximum_reached: 'Ən çoxu {{maximum}} seçə bilərsiniz',
  scroll_to_top: 'Yuxarı qalx',
  opens_in_new_tab: '(yeni tabda açılır)',
  error_reference: 'Xəta {{key}} · {{time}}',
  countdown_days: 'g',
  countdown_hours: 'st',
  countdown_minutes: 'dəq',
  countdown_seconds: 'san',
  countdown_label: 'Qalan vaxt',
};
