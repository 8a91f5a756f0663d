import type { Translation } from '../translation';

export const promo: Translation['Promo'] = {
  form_title: 'Kod promocyjny',
  form_hint: 'Masz kod promocyjny? Wpisz go, aby odebrać to, co oferuje.',
  code_label: 'Kod promocyjny',
  code_placeholder: 'Wpisz kod',
  activate: 'Aktywuj',
  added_title: 'Środki dodane',
  added_text: '{{amount}} dodano do Twojego salda głównego.',
  available_title: 'Bonus dostępny',
  available_text:
    'Twój bonus {{amount}} jest gotowy. Obróć go, aby zamienić go na prawdziwe pieniądze.',
  have_title: 'Masz kod promocyjny',
  have_text: 'Dokonaj wpłaty, aby otrzymać bonus z tego kodu promocyjnego.',
  first_deposit_title: 'Bonus od pierwszej wpłaty',
  first_deposit_text: 'Wpłać teraz, a ten kod promocyjny da Ci bonus.',
  freespins: 'Darmowe spiny: +{{count}} po {{amount}}',
  code: 'Twój kod',
  to_bonuses: 'Do moich bonusów',
  top_up: 'Wpłać',
  ok: 'Super',
};
