/** The profile's "Responsible gambling" section and the refusal of a limit. */
export const responsibleGambling = {
  title: 'Responsible gambling',
  intro:
    'Set limits on what you deposit, wager and lose. A lower limit applies at once; a higher one or a removal only after a 24-hour cooling-off.',
  empty: 'You have no limits yet.',
  add_title: 'Set a limit',
  add: 'Set limit',
  change: 'Change',
  save: 'Save',
  close: 'Close',
  remove: 'Remove',
  cancel_pending: 'Cancel change',
  type_label: 'Limit',
  period_label: 'Period',
  amount_label: 'Amount ({{currency}})',
  amount_label_primary: 'Amount in your currency',
  minutes_label: 'Minutes',
  minutes: '{{minutes}} min',
  types: {
    deposit: 'Deposit limit',
    loss: 'Loss limit',
    wager: 'Wager limit',
    session: 'Session time',
  },
  periods: {
    day: '24 hours',
    week: '7 days',
    month: '30 days',
  },
  used: '{{used}} of {{amount}} used',
  frees: 'frees {{when}}',
  goes_down: 'goes down {{when}}',
  today: 'today at {{time}}',
  tomorrow: 'tomorrow at {{time}}',
  over_limit:
    'A deposit that arrived after the limit was reached took you past it. It was credited; further deposits wait until the limit frees up.',
  session_note: 'Your time limit is saved with your account.',
  pending_raise: 'Raise to {{amount}} pending until {{when}}',
  pending_removal: 'Removal pending until {{when}}',
  cooling_off_hint:
    'Lowering a limit takes effect immediately. Raising or removing it takes effect after a 24-hour cooling-off, and you can cancel it until then.',
  help_title: 'Need help?',
  help_intro: 'Free and confidential support is available from these organisations:',
  help: {
    begambleaware: 'advice and a free helpline',
    gamcare: 'support and counselling',
    ga: 'meetings of people helping each other',
    therapy: 'online support in many languages',
  },
  exclusion: {
    title: 'Take a break',
    intro:
      'A time-out or a self-exclusion starts at once: you are signed out on every device and cannot sign in, deposit or play until it ends.',
    time_out: 'Time-out',
    self_exclusion: 'Self-exclusion',
    days_1: '24 hours',
    days_7: '1 week',
    days_30: '1 month',
    days_label: 'Or a number of days (1–42)',
    periods: {
      '6m': '6 months',
      '1y': '1 year',
      '5y': '5 years',
      indefinite: 'Indefinitely',
    },
    continue: 'Continue',
    confirm_title: 'Please confirm',
    confirm_time_out:
      'You will be signed out on every device and will not be able to sign in, deposit or play until {{until}}.',
    confirm_self_exclusion:
      'You will be signed out on every device and will not be able to sign in, deposit or play until {{until}}. A self-exclusion cannot be undone or shortened, and afterwards your account reopens only when you ask.',
    confirm_indefinite:
      'You will be signed out on every device and will not be able to sign in, deposit or play again. An indefinite self-exclusion cannot be undone.',
    withdraw_note:
      'Open sports bets still settle. To withdraw your balance meanwhile, contact support.',
    confirm: 'Confirm and sign out',
    back: 'Go back',
    timed_out_until: 'You are on a time-out until {{until}}.',
    self_excluded_until: 'You are self-excluded until {{until}}.',
    self_excluded_indefinite: 'You are self-excluded indefinitely.',
    ended: 'Your self-exclusion ended on {{until}}. Your account reopens 24 hours after you ask.',
    reopen: 'Ask to reopen my account',
    reopens_at: 'Your account reopens on {{when}}.',
    registry: 'A national self-exclusion scheme lists you, so this account cannot be used.',
  },
  server_error: {
    responsible_gambling_limit:
      'Your responsible-gambling limit does not allow this: {{used}} of {{amount}} {{currency}} used. See Profile, Responsible gambling, for when it frees up.',
  },
};
