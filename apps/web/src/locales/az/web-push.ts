import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Bildirişlər söndürülüb',
  refuse_description: 'Onları istənilən vaxt brauzerin ayarlarında yandıra bilərsiniz.',
};
