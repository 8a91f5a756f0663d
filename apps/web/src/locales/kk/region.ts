import type { Translation } from '../translation';

export const region: Translation['Region'] = {
  title: 'Сіздің өңіріңізде қолжетімсіз',
  description:
    'Еліңіздің заңдарына сәйкес біз мұнда қызмет көрсете алмаймыз. Қаражатыңыз қауіпсіз.',
  country: 'Ел',
  unknown_country: 'Белгісіз',
  ip: 'Сіздің IP мекенжайыңыз',
  retry: 'Қайталау',
  community: 'Қауымдастығымызбен байланыста болыңыз',
};
