import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Хабарландырулар өшірулі',
  refuse_description: 'Оларды браузер баптауларынан кез келген уақытта қоса аласыз.',
};
