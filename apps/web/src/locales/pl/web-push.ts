import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Powiadomienia są wyłączone',
  refuse_description: 'Możesz je w każdej chwili włączyć w ustawieniach przeglądarki.',
};
