import type { Translation } from '../translation';

export const support: Translation['Support'] = {
  title: 'Dəstək 24/7',
  card_text: 'Gecə-gündüz, adətən bir neçə dəqiqə ərzində cavab veririk.',
  write: 'Yaz',
  modal_title: 'Dəstək xidməti ilə əlaqə',
  modal_description: 'Sizə uyğun üsulu seçin. Biz gecə-gündüz cavab veririk.',
  live_chat: 'Canlı çat',
  live_chat_hint: 'Elə indi operatorla yazışın',
  bot: 'Dəstək botu',
  bot_hint: 'Bizə messencerdə yazın',
  email: 'E-mail',
  email_hint: 'Sənədlər və ətraflı müraciətlər üçün',
  copy_email: 'E-maili kopyala',
};
