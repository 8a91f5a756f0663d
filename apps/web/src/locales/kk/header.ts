import type { Translation } from '../translation';

export const header: Translation['Header'] = {
  home: 'Басты бет',
  login: 'Кіру',
  register: 'Тіркелу',
  top_up: 'Толтыру',
  balance: 'Баланс',
  search: 'Іздеу',
  bonuses: 'Бонустар',
  profile: 'Профиль',
  vip: 'VIP',
  complete_profile: 'Профильді толтырыңыз',
};
