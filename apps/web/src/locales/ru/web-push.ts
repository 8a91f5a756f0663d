import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Уведомления выключены',
  refuse_description: 'Их можно включить в любой момент в настройках браузера.',
  prompt_title: 'Включить уведомления?',
  prompt_description:
    'Узнавайте сразу, когда зачислен депозит, выплачен вывод, вы выиграли приз турнира или бонус скоро сгорит.',
  allow: 'Включить',
  later: 'Не сейчас',
};
