import type { Translation } from '../translation';

export const header: Translation['Header'] = {
  home: 'Strona główna',
  login: 'Zaloguj się',
  register: 'Zarejestruj się',
  top_up: 'Wpłać',
  balance: 'Saldo',
  search: 'Szukaj',
  bonuses: 'Bonusy',
  profile: 'Profil',
  vip: 'VIP',
  complete_profile: 'Uzupełnij profil',
};
