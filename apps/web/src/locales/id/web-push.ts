import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Notifikasi nonaktif',
  refuse_description: 'Anda dapat mengaktifkannya kapan saja di pengaturan browser.',
};
