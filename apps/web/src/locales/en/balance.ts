export const balance = {
  total: 'Total balance',
  main_account: 'Main account',
  currency: 'Currency',
  bonus_account: 'Bonus',
  wager: 'Wagering progress',
  wager_progress: '{{current}} / {{total}} wagered',
  wallet: 'Wallet',
  title: 'Balance',
  available_to_withdraw: 'Available to withdraw',
  choose_currency: 'Choose your currency',
  choose_currency_hint: 'Your balance and deposits are kept in it.',
  currency_locked: 'The currency cannot change while a bonus is active or pending.',
};
