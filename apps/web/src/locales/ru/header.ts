import type { Translation } from '../translation';

export const header: Translation['Header'] = {
  home: 'Главная',
  login: 'Войти',
  register: 'Регистрация',
  top_up: 'Пополнить',
  balance: 'Баланс',
  search: 'Поиск',
  bonuses: 'Бонусы',
  profile: 'Профиль',
  vip: 'VIP',
  complete_profile: 'Заполните профиль',
};
