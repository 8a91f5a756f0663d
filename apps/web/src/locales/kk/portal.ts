import type { Translation } from '../translation';

export const portal: Translation['Portal'] = {
  title_vip: 'VIP клуб',
  title_community: 'Қауымдастық',
  entry_vip: 'VIP клуб',
  entry_community: 'Қауымдастық',
  vip_text:
    'Сіздің VIP байланыстарыңыз: жеке менеджер, мессенджердегі бот және әрдайым жұмыс істейтін айна.',
  community_text: 'Арналарымызда жаңалықтар, промокодтар және ұтыс ойындары.',
  manager: 'Сіздің VIP менеджеріңіз',
  bot: 'Мессенджердегі бот',
  bot_text: 'Тікелей мессенджерде ойнаңыз және шотты толтырыңыз',
  mirror: 'Сайттың айнасы',
  mirror_text: 'Негізгі сайт ашылмаған жағдайға арналған мекенжайымыз',
  channel_ru: 'Орыс тіліндегі арна',
  channel_en: 'Ағылшын тіліндегі арна',
  channel_text: 'Жаңалықтар, промокодтар және ұтыс ойындары',
};
