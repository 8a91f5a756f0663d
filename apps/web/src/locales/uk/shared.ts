import type { Translation } from '../translation';

export const shared: Translation['Shared'] = {
  copy: 'Копіювати',
  copy_success: 'Скопійовано в буфер обміну',
  copy_failed: 'Не вдалося скопіювати. Виділіть текст і скопіюйте вручну.',
  close: 'Закрити',
  retry: 'Повторити',
  loading: 'Завантаження…',
  temporary_difficulties:
    'Щось пішло не так. У нас тимчасові труднощі, спробуйте ще раз трохи згодом.',
  still_working: 'Ще трохи, дякуємо за очікування…',
  back_to_casino: 'Повернутися до казино',
  select_placeholder: 'Виберіть…',
  search_placeholder: 'Почніть вводити…',
  nothing_found: 'Нічого не знайдено',
  selected_count: 'Вибрано: {{count}}',
  maximum_reached: 'Можна вибрати не більше ніж {{maximum}}',
  scroll_to_top: 'Нагору',
  opens_in_new_tab: '(відкриється в новій вкладці)',
  error_reference: 'Помилка {{key}} · {{time}}',
  countdown_days: 'д',
  countdown_hours: 'год',
  countdown_minutes: 'хв',
  countdown_seconds: 'с',
  countdown_label: 'Залишилося',
};
