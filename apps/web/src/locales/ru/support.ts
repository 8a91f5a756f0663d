import type { Translation } from '../translation';

export const support: Translation['Support'] = {
  title: 'Поддержка 24/7',
  card_text: 'Отвечаем днём и ночью, обычно за несколько минут.',
  write: 'Написать',
  modal_title: 'Связаться с поддержкой',
  modal_description: 'Выберите удобный способ. Мы отвечаем круглосуточно.',
  live_chat: 'Онлайн-чат',
  live_chat_hint: 'Поговорите с оператором прямо сейчас',
  bot: 'Бот поддержки',
  bot_hint: 'Напишите нам в мессенджере',
  email: 'E-mail',
  email_hint: 'Для документов и подробных обращений',
  copy_email: 'Скопировать e-mail',
};
