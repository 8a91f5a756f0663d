import type { Translation } from '../translation';

export const promo: Translation['Promo'] = {
  form_title: 'Промокод',
  form_hint: 'Промокодыңыз бар ма? Оны енгізіп, сыйлығын алыңыз.',
  code_label: 'Промокод',
  code_placeholder: 'Кодты енгізіңіз',
  activate: 'Белсендіру',
  added_title: 'Ақша есептелді',
  added_text: '{{amount}} негізгі балансыңызға есептелді.',
  available_title: 'Бонус қолжетімді',
  available_text: '{{amount}} бонусыңыз дайын. Оны нақты ақшаға айналдыру үшін ойнап шығыңыз.',
  have_title: 'Сізде промокод бар',
  have_text: 'Осы промокод бойынша бонус алу үшін шотты толтырыңыз.',
  first_deposit_title: 'Алғашқы депозитке бонус',
  first_deposit_text: 'Шотты қазір толтырыңыз, сонда бұл промокод сізге бонус береді.',
  freespins: '+{{count}} фриспин, әрқайсысы {{amount}}',
  code: 'Сіздің кодыңыз',
  to_bonuses: 'Бонустарыма',
  top_up: 'Толтыру',
  ok: 'Тамаша',
};
