import type { Translation } from '../translation';

export const connection: Translation['Connection'] = {
  title: 'Нестабильное соединение',
  description:
    'Сейчас не получается связаться с нашими серверами. Проверьте интернет и перезагрузите страницу.',
  reload: 'Перезагрузить страницу',
};
