import type { Translation } from '../translation';

export const verifyModal: Translation['VerifyModal'] = {
  back: 'Назад',
  wager: {
    error: 'Отыгрыш ещё не завершён',
    description: 'Вывод станет доступен, когда вы выполните условия отыгрыша активного бонуса.',
  },
  personal: {
    error: 'Заполните профиль, чтобы вывести деньги',
    description: 'Нам нужны ваши имя, фамилия, пол и дата рождения.',
    to_profile: 'Перейти в профиль',
  },
};
