import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Сповіщення вимкнено',
  refuse_description: 'Ви можете будь-коли ввімкнути їх у налаштуваннях браузера.',
};
