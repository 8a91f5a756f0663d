import type { Translation } from '../translation';

export const connection: Translation['Connection'] = {
  title: 'Нестабильное соединение',
  description:
    'Сейчас не получается связаться с нашими серверами. Проверьте интернет и перезагрузите страницу.',
  reload: 'Перезагрузить страницу',
  invalid_bot: {
    title: 'Недействительный бот',
    description:
      'Приложение открыто из бота, который нам неизвестен. Откройте казино через наш официальный бот в мессенджере.',
  },
};
