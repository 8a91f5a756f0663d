import type { Translation } from '../translation';

export const balance: Translation['balance'] = {
  total: 'Total saldo',
  main_account: 'Akun utama',
  currency: 'Mata uang',
  bonus_account: 'Bonus',
  wager: 'Progres syarat taruhan',
  wager_progress: '{{current}} / {{total}} dipertaruhkan',
  wallet: 'Dompet',
  title: 'Saldo',
  available_to_withdraw: 'Tersedia untuk ditarik',
  choose_currency: 'Pilih mata uang Anda',
  choose_currency_hint: 'Saldo dan deposit Anda disimpan dalam mata uang ini.',
  currency_locked: 'Mata uang tidak dapat diubah selama ada bonus yang aktif atau menunggu.',
};
