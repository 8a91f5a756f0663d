import type { Translation } from '../translation';

export const region: Translation['Region'] = {
  title: 'Hududingizda mavjud emas',
  description:
    'Mamlakatingiz qonunlariga koʻra bu yerda xizmatlarimizni koʻrsata olmaymiz. Mablagʻlaringiz xavfsiz.',
  country: 'Mamlakat',
  unknown_country: 'Nomaʼlum',
  ip: 'IP manzilingiz',
  retry: 'Qayta urinish',
  community: 'Hamjamiyatimiz bilan aloqada qoling',
};
