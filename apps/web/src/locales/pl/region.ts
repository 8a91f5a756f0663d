import type { Translation } from '../translation';

export const region: Translation['Region'] = {
  title: 'Niedostępne w Twoim regionie',
  description:
    'Zgodnie z prawem Twojego kraju nie możemy świadczyć tu naszych usług. Twoje środki są bezpieczne.',
  country: 'Kraj',
  unknown_country: 'Nieznany',
  ip: 'Twój adres IP',
  retry: 'Spróbuj ponownie',
  community: 'Pozostań w kontakcie z naszą społecznością',
};
