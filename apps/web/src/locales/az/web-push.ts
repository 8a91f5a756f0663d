import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Bildirişlər söndürülüb',
  refuse_description: 'Onları istənilən vaxt brauzerin ayarlarında yandıra bilərsiniz.',
  prompt_title: 'Bildirişlər yandırılsın?',
  prompt_description:
    'Depozit daxil olanda, pul çıxarışı ödənəndə, turnir mükafatı qazananda və ya bonusun vaxtı bitmək üzrə olanda dərhal xəbər tutun.',
  allow: 'Yandır',
  later: 'İndi yox',
};
