import type { Translation } from '../translation';

export const region: Translation['Region'] = {
  title: 'Regionunuzda əlçatan deyil',
  description:
    'Ölkənizin qanunlarına əsasən xidmətlərimizi burada göstərə bilmirik. Vəsaitləriniz təhlükəsizdir.',
  country: 'Ölkə',
  unknown_country: 'Naməlum',
  ip: 'IP ünvanınız',
  retry: 'Yenidən cəhd et',
  community: 'İcmamızla əlaqədə qalın',
};
