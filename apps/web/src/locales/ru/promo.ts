import type { Translation } from '../translation';

export const promo: Translation['Promo'] = {
  form_title: 'Промокод',
  form_hint: 'Есть промокод? Введите его и получите то, что он даёт.',
  code_label: 'Промокод',
  code_placeholder: 'Введите код',
  activate: 'Активировать',
  added_title: 'Деньги зачислены',
  added_text: '{{amount}} зачислено на ваш основной баланс.',
  available_title: 'Бонус доступен',
  available_text: 'Ваш бонус {{amount}} готов. Отыграйте его, чтобы он стал реальными деньгами.',
  have_title: 'У вас есть промокод',
  have_text: 'Пополните счёт, чтобы получить бонус по этому промокоду.',
  first_deposit_title: 'Бонус на первый депозит',
  first_deposit_text: 'Пополните счёт сейчас, и этот промокод даст вам бонус.',
  freespins: '+{{count}} фриспинов по {{amount}}',
  code: 'Ваш код',
  to_bonuses: 'К моим бонусам',
  top_up: 'Пополнить',
  ok: 'Отлично',
};
