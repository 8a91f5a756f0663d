import type { Translation } from '../translation';

export const balance: Translation['balance'] = {
  total: 'Загальний баланс',
  main_account: 'Основний рахунок',
  currency: 'Валюта',
  bonus_account: 'Бонус',
  wager: 'Прогрес відіграшу',
  wager_progress: 'Відіграно {{current}} з {{total}}',
  wallet: 'Гаманець',
  title: 'Баланс',
  available_to_withdraw: 'Доступно для виведення',
  choose_currency: 'Виберіть валюту',
  choose_currency_hint: 'У ній ведеться ваш баланс і зараховуються депозити.',
  currency_locked: 'Валюту не можна змінити, поки у вас є активний бонус або бонус в очікуванні.',
};
