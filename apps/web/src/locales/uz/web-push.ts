import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Bildirishnomalar oʻchirilgan',
  refuse_description: 'Ularni istalgan vaqtda brauzer sozlamalarida yoqishingiz mumkin.',
  prompt_title: 'Bildirishnomalar yoqilsinmi?',
  prompt_description:
    'Depozit tushganda, pul yechish toʻlanganda, turnir sovrinini yutganingizda yoki bonus muddati tugayotganda darhol bilib oling.',
  allow: 'Yoqish',
  later: 'Hozir emas',
};
