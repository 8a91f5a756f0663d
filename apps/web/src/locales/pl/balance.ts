import type { Translation } from '../translation';

export const balance: Translation['balance'] = {
  total: 'Saldo łączne',
  main_account: 'Konto główne',
  currency: 'Waluta',
  bonus_account: 'Bonus',
  wager: 'Postęp obrotu',
  wager_progress: 'Obrócono {{current}} / {{total}}',
  wallet: 'Portfel',
  title: 'Saldo',
  available_to_withdraw: 'Dostępne do wypłaty',
  choose_currency: 'Wybierz walutę',
  choose_currency_hint: 'W tej walucie prowadzone jest Twoje saldo i księgowane są wpłaty.',
  currency_locked: 'Nie można zmienić waluty, gdy masz aktywny lub oczekujący bonus.',
};
