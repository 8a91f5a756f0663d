import type { Translation } from '../translation';

export const ban: Translation['Ban'] = {
  title: 'Twoje konto jest zablokowane',
  description: 'Dostęp do gier, płatności i bonusów został dla tego konta ograniczony.',
  user_id: 'Twoje ID użytkownika',
  reason_label: 'Powód',
  reason: {
    ddos: 'Podejrzany ruch automatyczny',
    multiaccounting: 'Kilka kont należących do jednej osoby',
    bruteforce: 'Wielokrotne próby odgadnięcia hasła',
    kyc: 'Weryfikacja tożsamości zakończona niepowodzeniem',
    bonus_abuse: 'Nadużywanie bonusów',
    psg: 'Ograniczenie w ramach odpowiedzialnej gry',
    restricted_geo: 'Dostęp z regionu objętego ograniczeniami',
    save_balance_check: 'Kontrola bezpieczeństwa salda',
    other: 'Naruszenie regulaminu',
  },
  terms: 'Regulamin',
  contact_support: 'Skontaktuj się z obsługą klienta',
  appeal:
    'Jeśli uważasz, że to pomyłka, skontaktuj się z obsługą klienta i podaj swoje ID użytkownika.',
};
