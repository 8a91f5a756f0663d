import type { Translation } from '../translation';

export const support: Translation['Support'] = {
  title: 'Қолдау 24/7',
  card_text: 'Күндіз-түні жауап береміз, әдетте бірнеше минут ішінде.',
  write: 'Жазу',
  modal_title: 'Қолдау қызметімен байланысу',
  modal_description: 'Өзіңізге ыңғайлы тәсілді таңдаңыз. Біз тәулік бойы жауап береміз.',
  live_chat: 'Онлайн-чат',
  live_chat_hint: 'Оператормен дәл қазір сөйлесіңіз',
  bot: 'Қолдау боты',
  bot_hint: 'Бізге мессенджерде жазыңыз',
  email: 'E-mail',
  email_hint: 'Құжаттар мен толық өтініштер үшін',
  copy_email: 'E-mail көшіру',
};
