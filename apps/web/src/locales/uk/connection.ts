import type { Translation } from '../translation';

export const connection: Translation['Connection'] = {
  title: 'Нестабільне з’єднання',
  description:
    'Зараз не вдається зв’язатися з нашими серверами. Перевірте підключення до інтернету й перезавантажте сторінку.',
  reload: 'Перезавантажити сторінку',
  invalid_bot: {
    title: 'Недійсний бот',
    description:
      'Застосунок відкрито з бота, якого ми не знаємо. Відкрийте казино через наш офіційний бот у месенджері.',
  },
};
