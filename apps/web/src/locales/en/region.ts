export const region = {
  title: 'Not available in your region',
  description:
    'Under the laws of your country we cannot provide our services here. Your funds are safe.',
  country: 'Country',
  unknown_country: 'Unknown',
  ip: 'Your IP address',
  retry: 'Retry',
  community: 'Stay in touch with our community',
};
