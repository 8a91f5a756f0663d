import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Сповіщення вимкнено',
  refuse_description: 'Ви можете будь-коли ввімкнути їх у налаштуваннях браузера.',
  prompt_title: 'Увімкнути сповіщення?',
  prompt_description:
    'Дізнавайтеся одразу, коли зараховано депозит, виплачено виведення, ви виграли приз турніру або бонус скоро згорить.',
  allow: 'Увімкнути',
  later: 'Не зараз',
};
