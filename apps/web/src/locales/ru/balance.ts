import type { Translation } from '../translation';

export const balance: Translation['balance'] = {
  total: 'Общий баланс',
  main_account: 'Основной счёт',
  currency: 'Валюта',
  bonus_account: 'Бонус',
  wager: 'Прогресс отыгрыша',
  wager_progress: 'Отыграно {{current}} из {{total}}',
  wallet: 'Кошелёк',
  title: 'Баланс',
  available_to_withdraw: 'Доступно к выводу',
  choose_currency: 'Выберите валюту',
  choose_currency_hint: 'В ней ведётся баланс и зачисляются депозиты.',
  currency_locked: 'Валюту нельзя сменить, пока есть активный или ожидающий бонус.',
};
