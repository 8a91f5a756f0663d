import type { Translation } from '../translation';

export const connection: Translation['Connection'] = {
  title: 'Qeyri-sabit bağlantı',
  description:
    'Hazırda serverlərimizlə əlaqə qurmaq mümkün olmur. İnternet bağlantınızı yoxlayın və səhifəni yeniləyin.',
  reload: 'Səhifəni yenilə',
  invalid_bot: {
    title: 'Etibarsız bot',
    description:
      'Tətbiq tanımadığımız botdan açılıb. Kazinonu messencerdəki rəsmi botumuz vasitəsilə açın.',
  },
};
