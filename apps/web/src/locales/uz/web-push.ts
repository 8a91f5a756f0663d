import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Bildirishnomalar oʻchirilgan',
  refuse_description: 'Ularni istalgan vaqtda brauzer sozlamalarida yoqishingiz mumkin.',
};
