import type { Translation } from '../translation';

export const region: Translation['Region'] = {
  title: 'Недоступно в вашем регионе',
  description:
    'По законам вашей страны мы не можем оказывать здесь свои услуги. Ваши средства в безопасности.',
  country: 'Страна',
  unknown_country: 'Неизвестно',
  ip: 'Ваш IP-адрес',
  retry: 'Повторить',
  community: 'Оставайтесь на связи с нашим сообществом',
};
