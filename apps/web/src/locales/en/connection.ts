export const connection = {
  title: 'Unstable connection',
  description:
    'We cannot reach our servers right now. Check your internet connection and reload the page.',
  reload: 'Reload page',
};
