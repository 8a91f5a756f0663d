import type { Translation } from '../translation';

export const balance: Translation['balance'] = {
  total: 'Жалпы баланс',
  main_account: 'Негізгі шот',
  currency: 'Валюта',
  bonus_account: 'Бонус',
  wager: 'Ойнап шығу барысы',
  wager_progress: 'Ойналды: {{current}} / {{total}}',
  wallet: 'Әмиян',
  title: 'Баланс',
  available_to_withdraw: 'Шығаруға қолжетімді',
  choose_currency: 'Валютаны таңдаңыз',
  choose_currency_hint:
    'Балансыңыз осы валютада жүргізіледі және депозиттер осы валютада есептеледі.',
  currency_locked: 'Белсенді немесе күтудегі бонус бар кезде валютаны өзгерту мүмкін емес.',
};
