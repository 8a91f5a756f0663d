import type { Translation } from '../translation';

export const support: Translation['Support'] = {
  title: 'Qoʻllab-quvvatlash 24/7',
  card_text: 'Kecha-kunduz, odatda bir necha daqiqada javob beramiz.',
  write: 'Yozish',
  modal_title: 'Qoʻllab-quvvatlash xizmati bilan bogʻlanish',
  modal_description: 'Oʻzingizga qulay usulni tanlang. Biz kecha-kunduz javob beramiz.',
  live_chat: 'Onlayn chat',
  live_chat_hint: 'Hoziroq operator bilan yozishing',
  bot: 'Qoʻllab-quvvatlash boti',
  bot_hint: 'Bizga messenjerda yozing',
  email: 'E-mail',
  email_hint: 'Hujjatlar va batafsil murojaatlar uchun',
  copy_email: 'E-mailni nusxalash',
};
