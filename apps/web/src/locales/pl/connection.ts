import type { Translation } from '../translation';

export const connection: Translation['Connection'] = {
  title: 'Niestabilne połączenie',
  description:
    'Nie możemy teraz połączyć się z naszymi serwerami. Sprawdź połączenie z internetem i odśwież stronę.',
  reload: 'Odśwież stronę',
};
