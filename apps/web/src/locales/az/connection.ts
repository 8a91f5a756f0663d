import type { Translation } from '../translation';

export const connection: Translation['Connection'] = {
  title: 'Qeyri-sabit bağlantı',
  description:
    'Hazırda serverlərimizlə əlaqə qurmaq mümkün olmur. İnternet bağlantınızı yoxlayın və səhifəni yeniləyin.',
  reload: 'Səhifəni yenilə',
};
