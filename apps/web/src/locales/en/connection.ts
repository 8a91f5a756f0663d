export const connection = {
  title: 'Unstable connection',
  description:
    'We cannot reach our servers right now. Check your internet connection and reload the page.',
  reload: 'Reload page',
  invalid_bot: {
    title: 'Invalid bot',
    description:
      'This app was opened from a bot we do not recognise. Open the casino from our official bot in the messenger.',
  },
};
