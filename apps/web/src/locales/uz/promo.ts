import type { Translation } from '../translation';

export const promo: Translation['Promo'] = {
  form_title: 'Promokod',
  form_hint: 'Promokodingiz bormi? Uni kiriting va u beradigan sovgʻani oling.',
  code_label: 'Promokod',
  code_placeholder: 'Kodni kiriting',
  activate: 'Faollashtirish',
  added_title: 'Pul qoʻshildi',
  added_text: '{{amount}} asosiy balansingizga qoʻshildi.',
  available_title: 'Bonus mavjud',
  available_text:
    '{{amount}} miqdoridagi bonusingiz tayyor. Uni haqiqiy pulga aylantirish uchun oʻynab chiqing.',
  have_title: 'Sizda promokod bor',
  have_text: 'Bu promokod bonusini olish uchun depozit qiling.',
  first_deposit_title: 'Birinchi depozitingizga bonus',
  first_deposit_text: 'Hozir hisobni toʻldiring va bu promokod sizga bonus beradi.',
  freespins: '+{{count}} bepul aylantirish, har biri {{amount}}',
  code: 'Kodingiz',
  to_bonuses: 'Bonuslarimga',
  top_up: 'Toʻldirish',
  ok: 'Ajoyib',
};
