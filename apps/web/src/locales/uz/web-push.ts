import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Bildirishnomalar oʻchirilgan',
  refuse_description: 'Ularni istalgan vaqtda brauzer sozlamalarida yoqishingiz mumkin.',
  prompt_title: 'Bildirishnomalar yoqilsinmi?',
  prompt_description:
    'Depozit tushganda, pul yechish toʻlanganda, turnir sovrinini yutganingizda yoki bonus muddati tugayotganda darhol bilib oling.',
  allow: 'Yoqish',
  later: 'Hozir emas',
  settings_title: 'Bildirishnomalar',
  settings_hint:
    'Nima haqida xabar berishni tanlang. Tanlov bildirishnomalar yoqilgan barcha qurilmalarga taalluqli.',
  categories_legend: 'Xabar berish',
  state_on: 'Bu qurilmada yoqilgan.',
  state_off: 'Bu qurilmada o‘chirilgan.',
  state_off_elsewhere: 'Bu qurilmada o‘chirilgan; boshqa qurilmangizda yoqilgan.',
  state_denied:
    'Bu brauzerda bloklangan. Brauzer sozlamalarida sayt uchun bildirishnomalarga ruxsat bering.',
  state_unsupported: 'Bu brauzer bildirishnomalarni ko‘rsata olmaydi.',
  state_unavailable: 'Bildirishnomalar hozir mavjud emas.',
  categories: {
    deposits: 'Depozit tushdi',
    withdrawals: 'Yechib olish to‘landi',
    tournaments: 'Turnir sovrini',
    bonuses: 'Bonus muddati tugayapti',
    sportsbook: 'Tikishda katta yutuq',
  },
};
