import type { Translation } from '../translation';

export const header: Translation['Header'] = {
  home: 'Головна',
  login: 'Увійти',
  register: 'Реєстрація',
  top_up: 'Поповнити',
  balance: 'Баланс',
  search: 'Пошук',
  bonuses: 'Бонуси',
  profile: 'Профіль',
  vip: 'VIP',
  complete_profile: 'Заповніть профіль',
};
