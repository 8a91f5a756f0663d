import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Уведомления выключены',
  refuse_description: 'Их можно включить в любой момент в настройках браузера.',
};
