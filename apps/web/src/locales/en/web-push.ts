export const webPush = {
  refuse_title: 'Notifications are off',
  refuse_description: 'You can turn them on at any time in your browser settings.',
};
