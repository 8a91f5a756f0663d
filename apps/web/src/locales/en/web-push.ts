export const webPush = {
  refuse_title: 'Notifications are off',
  refuse_description: 'You can turn them on at any time in your browser settings.',
  prompt_title: 'Turn on notifications?',
  prompt_description:
    'Hear at once when a deposit arrives, a withdrawal is paid, you win a tournament prize or a bonus is about to expire.',
  allow: 'Turn on',
  later: 'Not now',
};
