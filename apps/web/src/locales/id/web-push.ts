import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Notifikasi nonaktif',
  refuse_description: 'Anda dapat mengaktifkannya kapan saja di pengaturan browser.',
  prompt_title: 'Aktifkan notifikasi?',
  prompt_description:
    'Ketahui segera saat deposit masuk, penarikan dibayar, Anda memenangkan hadiah turnamen, atau bonus akan segera kedaluwarsa.',
  allow: 'Aktifkan',
  later: 'Nanti saja',
};
