import type { Translation } from '../translation';

export const webPush: Translation['WebPush'] = {
  refuse_title: 'Powiadomienia są wyłączone',
  refuse_description: 'Możesz je w każdej chwili włączyć w ustawieniach przeglądarki.',
  prompt_title: 'Włączyć powiadomienia?',
  prompt_description:
    'Dowiesz się od razu, gdy wpłata dotrze, wypłata zostanie zrealizowana, wygrasz nagrodę w turnieju lub bonus będzie wygasał.',
  allow: 'Włącz',
  later: 'Nie teraz',
};
