import type { Translation } from '../translation';

export const balance: Translation['balance'] = {
  total: 'Umumiy balans',
  main_account: 'Asosiy hisob',
  currency: 'Valyuta',
  bonus_account: 'Bonus',
  wager: 'Oʻynab chiqish jarayoni',
  wager_progress: '{{current}} / {{total}} oʻynab chiqildi',
  wallet: 'Hamyon',
  title: 'Balans',
  available_to_withdraw: 'Yechib olish mumkin',
  choose_currency: 'Valyutangizni tanlang',
  choose_currency_hint: 'Balansingiz va depozitlaringiz shu valyutada yuritiladi.',
  currency_locked: 'Faol yoki kutilayotgan bonus bor ekan, valyutani oʻzgartirib boʻlmaydi.',
};
