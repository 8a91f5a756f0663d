import type { Translation } from '../translation';

export const shared: Translation['Shared'] = {
  copy: 'Kopiuj',
  copy_success: 'Skopiowano do schowka',
  copy_failed: 'Nie udało się skopiować. Zaznacz tekst i skopiuj go ręcznie.',
  close: 'Zamknij',
  retry: 'Spróbuj ponownie',
  loading: 'Ładowanie…',
  temporary_difficulties:
    'Coś poszło nie tak. Mamy chwilowe problemy, spróbuj ponownie za jakiś czas.',
  still_working: 'Jeszcze chwila, dziękujemy za cierpliwość…',
  back_to_casino: 'Wróć do kasyna',
  select_placeholder: 'Wybierz…',
  search_placeholder: 'Zacznij pisać, aby wyszukać…',
  nothing_found: 'Nic nie znaleziono',
  selected_count: 'Wybrano: {{count}}',
  maximum_reached: 'Możesz wybrać maksymalnie {{maximum}}',
  scroll_to_top: 'Przewiń do góry',
  opens_in_new_tab: '(otwiera się w nowej karcie)',
  error_reference: 'Błąd {{key}} · {{time}}',
  countdown_days: 'd',
  countdown_hours: 'godz.',
  countdown_minutes: 'min',
  countdown_seconds: 's',
  countdown_label: 'Pozostały czas',
};
