import type { Translation } from '../translation';

export const promo: Translation['Promo'] = {
  form_title: 'Промокод',
  form_hint: 'Маєте промокод? Введіть його й отримайте те, що він дає.',
  code_label: 'Промокод',
  code_placeholder: 'Введіть код',
  activate: 'Активувати',
  added_title: 'Кошти зараховано',
  added_text: '{{amount}} зараховано на ваш основний баланс.',
  available_title: 'Бонус доступний',
  available_text:
    'Ваш бонус {{amount}} готовий. Відіграйте його, щоб перетворити на реальні гроші.',
  have_title: 'У вас є промокод',
  have_text: 'Поповніть рахунок, щоб отримати бонус за цим промокодом.',
  first_deposit_title: 'Бонус на перший депозит',
  first_deposit_text: 'Поповніть рахунок зараз, і цей промокод дасть вам бонус.',
  freespins: '+{{count}} фриспінів по {{amount}}',
  code: 'Ваш код',
  to_bonuses: 'До моїх бонусів',
  top_up: 'Поповнити',
  ok: 'Чудово',
};
