import type { Translation } from '../translation';

export const verifyModal: Translation['VerifyModal'] = {
  back: 'Wstecz',
  wager: {
    error: 'Wymóg obrotu nie jest jeszcze spełniony',
    description: 'Wypłaty będą możliwe po spełnieniu wymogu obrotu aktywnego bonusu.',
  },
  personal: {
    error: 'Uzupełnij profil, aby wypłacić środki',
    description: 'Potrzebujemy Twojego imienia, nazwiska, płci i daty urodzenia.',
    to_profile: 'Przejdź do profilu',
  },
};
