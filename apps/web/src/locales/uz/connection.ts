import type { Translation } from '../translation';

export const connection: Translation['Connection'] = {
  title: 'Beqaror ulanish',
  description:
    'Hozir serverlarimiz bilan bogʻlanib boʻlmayapti. Internet ulanishini tekshiring va sahifani yangilang.',
  reload: 'Sahifani yangilash',
};
