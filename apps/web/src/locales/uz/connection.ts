import type { Translation } from '../translation';

export const connection: Translation['Connection'] = {
  title: 'Beqaror ulanish',
  description:
    'Hozir serverlarimiz bilan bogʻlanib boʻlmayapti. Internet ulanishini tekshiring va sahifani yangilang.',
  reload: 'Sahifani yangilash',
  invalid_bot: {
    title: 'Yaroqsiz bot',
    description:
      'Ilova biz tanimaydigan botdan ochildi. Kazinoni messenjerdagi rasmiy botimiz orqali oching.',
  },
};
