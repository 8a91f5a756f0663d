import type { Translation } from '../translation';

export const promo: Translation['Promo'] = {
  form_title: 'Promokod',
  form_hint: 'Promokodunuz var? Onu daxil edin və verdiyi hədiyyəni alın.',
  code_label: 'Promokod',
  code_placeholder: 'Kodu daxil edin',
  activate: 'Aktivləşdir',
  added_title: 'Pul əlavə olundu',
  added_text: '{{amount}} əsas balansınıza əlavə olundu.',
  available_title: 'Bonus əlçatandır',
  available_text: '{{amount}} məbləğində bonusunuz hazırdır. Real pula çevirmək üçün onu oynadın.',
  have_title: 'Promokodunuz var',
  have_text: 'Bu promokodun bonusunu almaq üçün depozit edin.',
  first_deposit_title: 'İlk depozitinizə bonus',
  first_deposit_text: 'İndi balansı artırın və bu promokod sizə bonus verəcək.',
  freespins: '+{{count}} pulsuz fırlatma, hər biri {{amount}}',
  code: 'Kodunuz',
  to_bonuses: 'Bonuslarıma keç',
  top_up: 'Balansı artır',
  ok: 'Əla',
};
