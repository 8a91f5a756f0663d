import type { Translation } from '../translation';

export const shared: Translation['Shared'] = {
  copy: 'Копировать',
  copy_success: 'Скопировано в буфер обмена',
  copy_failed: 'Не удалось скопировать. Выделите текст и скопируйте вручную.',
  close: 'Закрыть',
  retry: 'Повторить',
  loading: 'Загрузка…',
  temporary_difficulties:
    'Что-то пошло не так. У нас временные трудности, попробуйте ещё раз чуть позже.',
  still_working: 'Ещё немного, спасибо за ожидание…',
  back_to_casino: 'Вернуться в казино',
  select_placeholder: 'Выберите…',
  search_placeholder: 'Начните вводить…',
  nothing_found: 'Ничего не найдено',
  selected_count: 'Выбрано: {{count}}',
  maximum_reached: 'Можно выбрать не больше {{maximum}}',
  scroll_to_top: 'Наверх',
  opens_in_new_tab: '(откроется в новой вкладке)',
  error_reference: 'Ошибка {{key}} · {{time}}',
  countdown_days: 'д',
  countdown_hours: 'ч',
  countdown_minutes: 'м',
  countdown_seconds: 'с',
  countdown_label: 'Осталось',
};
