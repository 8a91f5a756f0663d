import type { Translation } from '../translation';

export const region: Translation['Region'] = {
  title: 'Недоступно у вашому регіоні',
  description:
    'Згідно із законодавством вашої країни ми не можемо надавати тут свої послуги. Ваші кошти в безпеці.',
  country: 'Країна',
  unknown_country: 'Невідомо',
  ip: 'Ваша IP-адреса',
  retry: 'Повторити',
  community: 'Залишайтеся на зв’язку з нашою спільнотою',
};
