export const webPush = {
  refuse_title: 'Notifications are off',
  refuse_description: 'You can turn them on at any time in your browser settings.',
  prompt_title: 'Turn on notifications?',
  prompt_description:
    'Hear at once when a deposit arrives, a withdrawal is paid, you win a tournament prize or a bonus is about to expire.',
  allow: 'Turn on',
  later: 'Not now',
  settings_title: 'Notifications',
  settings_hint:
    'Choose what we notify you about. The choice applies to every device where notifications are on.',
  categories_legend: 'Notify me about',
  state_on: 'On for this device.',
  state_off: 'Off for this device.',
  state_off_elsewhere: 'Off for this device; on for another of your devices.',
  state_denied:
    'Blocked in this browser. Allow notifications for this site in the browser settings.',
  state_unsupported: 'This browser cannot show notifications.',
  state_unavailable: 'Notifications are not available right now.',
  categories: {
    deposits: 'Deposit credited',
    withdrawals: 'Withdrawal paid',
    tournaments: 'Tournament prize won',
    bonuses: 'Bonus about to expire',
    sportsbook: 'Big sportsbook win',
  },
};
