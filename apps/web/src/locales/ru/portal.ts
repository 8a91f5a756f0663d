import type { Translation } from '../translation';

export const portal: Translation['Portal'] = {
  title_vip: 'VIP-клуб',
  title_community: 'Сообщество',
  entry_vip: 'VIP-клуб',
  entry_community: 'Сообщество',
  vip_text:
    'Ваши VIP-контакты: личный менеджер, бот в мессенджере и зеркало, которое всегда работает.',
  community_text: 'Новости, промокоды и розыгрыши в наших каналах.',
  manager: 'Ваш VIP-менеджер',
  bot: 'Бот в мессенджере',
  bot_text: 'Играйте и пополняйте счёт прямо в мессенджере',
  mirror: 'Зеркало сайта',
  mirror_text: 'Наш адрес на случай, если основной сайт не открывается',
  channel_ru: 'Канал на русском',
  channel_en: 'Канал на английском',
  channel_text: 'Новости, промокоды и розыгрыши',
};
