import type { Translation } from '../translation';

export const connection: Translation['Connection'] = {
  title: 'Niestabilne połączenie',
  description:
    'Nie możemy teraz połączyć się z naszymi serwerami. Sprawdź połączenie z internetem i odśwież stronę.',
  reload: 'Odśwież stronę',
  invalid_bot: {
    title: 'Nieprawidłowy bot',
    description:
      'Aplikację otwarto z bota, którego nie znamy. Otwórz kasyno przez naszego oficjalnego bota w komunikatorze.',
  },
};
