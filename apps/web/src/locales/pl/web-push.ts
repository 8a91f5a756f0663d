import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Powiadomienia są wyłączone',
  refuse_description: 'Możesz je w każdej chwili włączyć w ustawieniach przeglądarki.',
  prompt_title: 'Włączyć powiadomienia?',
  prompt_description:
    'Dowiesz się od razu, gdy wpłata dotrze, wypłata zostanie zrealizowana, wygrasz nagrodę w turnieju lub bonus będzie wygasał.',
  allow: 'Włącz',
  later: 'Nie teraz',
  settings_title: 'Powiadomienia',
  settings_hint:
    'Wybierz, o czym mamy powiadamiać. Wybór dotyczy wszystkich urządzeń z włączonymi powiadomieniami.',
  categories_legend: 'Powiadamiaj o',
  state_on: 'Włączone na tym urządzeniu.',
  state_off: 'Wyłączone na tym urządzeniu.',
  state_off_elsewhere: 'Wyłączone na tym urządzeniu; włączone na innym Twoim urządzeniu.',
  state_denied:
    'Zablokowane w tej przeglądarce. Zezwól na powiadomienia dla tej witryny w ustawieniach przeglądarki.',
  state_unsupported: 'Ta przeglądarka nie może wyświetlać powiadomień.',
  state_unavailable: 'Powiadomienia są teraz niedostępne.',
  categories: {
    deposits: 'Wpłata zaksięgowana',
    withdrawals: 'Wypłata zrealizowana',
    tournaments: 'Nagroda w turnieju',
    bonuses: 'Bonus wkrótce wygaśnie',
    sportsbook: 'Duża wygrana w zakładach',
  },
};
