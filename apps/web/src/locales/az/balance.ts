import type { Translation } from '../translation';

export const balance: Translation['balance'] = {
  total: 'Ümumi balans',
  main_account: 'Əsas hesab',
  currency: 'Valyuta',
  bonus_account: 'Bonus',
  wager: 'Oynatma irəliləyişi',
  wager_progress: '{{current}} / {{total}} oynadılıb',
  wallet: 'Pul kisəsi',
  title: 'Balans',
  available_to_withdraw: 'Çıxarmaq üçün əlçatan',
  choose_currency: 'Valyutanı seçin',
  choose_currency_hint: 'Balansınız və depozitləriniz bu valyutada saxlanılır.',
  currency_locked: 'Aktiv və ya gözləmədə olan bonus olduğu müddətdə valyutanı dəyişmək olmaz.',
};
