import type { Translation } from '../translation';

export const connection: Translation['Connection'] = {
  title: 'Нестабільне з’єднання',
  description:
    'Зараз не вдається зв’язатися з нашими серверами. Перевірте підключення до інтернету й перезавантажте сторінку.',
  reload: 'Перезавантажити сторінку',
};
