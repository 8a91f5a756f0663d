export const bonuses = {
  drawer_title: 'Bonuses',
  offers_button: 'Bonus offers',
  current_title: 'Current bonuses',
  finished_title: 'Bonus history',
  percent: '{{percent}}% bonus',
  granted: 'granted {{amount}}',
  balance: 'Bonus balance',
  wager: 'Wagering',
  wager_progress: '{{current}} of {{total}}',
  max_bet: 'Max bet',
  no_max_bet: 'No limit',
  free_spins: 'Free spins',
  free_spins_left: '{{left}} of {{total}}',
  free_spins_each: '{{amount}} each',
  free_spins_count: '+{{count}} FS',
  converted: 'Converted to real money',
  deadline: 'Ends in',
  deadline_hours: 'Then {{hours}} h to wager it.',
  pending_note: 'Starts when your active bonus ends.',
  ended_at: 'Ended {{date}}',
  games: 'Games',
  games_all: 'All games count',
  games_count: 'Games: {{count}}',
  games_more: '+{{count}} more',
  to_games: 'Games',
  conditions_button: 'Conditions',
  cancel: 'Cancel',
  cancel_title: 'Cancel this bonus?',
  cancel_text:
    '{{title}}: its bonus money ({{balance}}) and wagering progress will be lost. This cannot be undone.',
  cancel_keep: 'Keep the bonus',
  cancel_confirm: 'Cancel the bonus',
  cancelled: '{{title}} is cancelled',
  status: {
    active: 'Active',
    pending: 'Waiting',
    completed: 'Completed',
    expired: 'Expired',
    forfeited: 'Cancelled',
    lost: 'Lost',
  },
  conditions: {
    percent: 'Bonus',
    up_to: 'Up to',
    min_deposit: 'Minimum deposit',
    wager: 'Wagering',
    wager_value: '×{{wager}}',
    deadline: 'Time to wager',
    deadline_value: '{{hours}} h',
    free_spins_value: '{{count}} × {{amount}}',
  },
  info: {
    conditions_title: 'Bonus conditions',
    new_one: 'You have a new bonus!',
    new_many: 'New bonuses: {{count}}',
    wager_line: 'Wager {{total}} to convert it',
    to_bonuses: 'My bonuses',
    ok: 'Got it',
  },
  settings: {
    title: 'Welcome bonus settings',
    text: 'Choose which deposits receive the welcome bonus.',
    fiat: 'Deposits by card and bank',
    crypto: 'Crypto deposits',
  },
  welcome: {
    title: 'Welcome bonus',
    headline: 'Up to {{percent}}% on each of your first {{count}} deposits',
    headline_plain: 'A bonus on each of your first {{count}} deposits',
    steps_title: 'Deposit steps',
    step: 'Deposit {{number}}',
    percent: '+{{percent}}%',
    up_to: 'up to {{amount}}',
    free_spins: '+{{count}} free spins',
    min_deposit: 'from {{amount}}',
    state: {
      claimed: 'Received',
      available: 'Available now',
      disabled: 'After deposit {{number}}',
    },
    deposit: 'Deposit',
    guest_text: 'Create an account to get a bonus on each of your first four deposits.',
    sign_up: 'Sign up',
    none: 'There are no welcome offers for you right now.',
  },
  wallet_banner: {
    welcome_title: 'Bonus on deposit {{number}}',
    forfeit:
      'A withdrawal cancels your active bonus and its bonus balance of {{amount}}. Wager it first to keep it.',
  },
  everyday: {
    title: 'Everyday bonus',
    teaser: '+{{percent}}% on one deposit every day once you have made {{count}} deposits.',
    banner_text: 'on one deposit today: activate it, then top up.',
    use: 'Use',
    used: 'Activated: your next deposit today gets the bonus.',
    next_in: 'Next bonus in',
    unavailable: 'The everyday bonus is not available right now.',
    activated: 'Everyday bonus activated. Top up today to receive it.',
    conditions_title: 'Conditions',
    period_title: 'Period',
    period_text:
      'Every day from 00:00 to 24:00 UTC. Activate the bonus and deposit the same day; the next one opens at midnight UTC.',
  },
  video: {
    title: 'How it works',
    label: 'Animation: a deposit brings a bonus, the bonus is wagered and becomes real money.',
    caption: 'Deposit, get the bonus, wager it and withdraw real money.',
    deposit: '1. Make a deposit',
    bonus: '2. Get the bonus',
    wager: '3. Wager it in games',
    withdraw: '4. Withdraw real money',
  },
  faq: {
    title: 'Questions and answers',
    how_welcome: {
      question: 'How does the welcome bonus work?',
      answer:
        'Each of your first four deposits gets its own bonus: a share of the deposit up to the cap shown on the step, sometimes with free spins. Steps open one after another.',
    },
    how_everyday: {
      question: 'How does the everyday bonus work?',
      answer:
        'From your fourth deposit on, press Use once a day and top up the same day: the deposit gets the everyday bonus on top.',
    },
    when: {
      question: 'When can I use it again?',
      answer:
        'Once per day. The day is counted in UTC: the next bonus opens at midnight UTC, the countdown shows how long is left.',
    },
    wager: {
      question: 'What does wagering mean?',
      answer:
        'Bonus money becomes real money after you bet its amount times the wagering multiplier. Each game counts with its own share, listed under the bonus games.',
    },
    max_bet: {
      question: 'Is there a bet limit?',
      answer:
        'While a bonus is being wagered, a single bet may not exceed its maximum bet. Larger bets are refused until the bonus ends.',
    },
    deadline: {
      question: 'How long do I have?',
      answer:
        'Every bonus has a deadline in hours from the moment it starts. Unwagered bonus money expires with it.',
    },
    several: {
      question: 'Can I have several bonuses?',
      answer:
        'One bonus is wagered at a time. Another one granted meanwhile waits and starts when the active one ends.',
    },
    cancel: {
      question: 'Can I cancel a bonus?',
      answer:
        'Yes, on the Bonuses page. Its bonus money and progress are lost. A withdrawal also cancels active bonuses.',
    },
  },
};
