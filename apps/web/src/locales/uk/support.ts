import type { Translation } from '../translation';

export const support: Translation['Support'] = {
  title: 'Підтримка 24/7',
  card_text: 'Відповідаємо вдень і вночі, зазвичай за кілька хвилин.',
  write: 'Написати',
  modal_title: 'Зв’язатися з підтримкою',
  modal_description: 'Виберіть зручний спосіб. Ми відповідаємо цілодобово.',
  live_chat: 'Онлайн-чат',
  live_chat_hint: 'Поспілкуйтеся з оператором просто зараз',
  bot: 'Бот підтримки',
  bot_hint: 'Напишіть нам у месенджері',
  email: 'E-mail',
  email_hint: 'Для документів і докладних звернень',
  copy_email: 'Скопіювати e-mail',
};
