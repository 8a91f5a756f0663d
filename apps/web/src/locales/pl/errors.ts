import type { Translation } from '../translation';

export const errors: Translation['Errors'] = {
  network: 'Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.',
  internal_error: 'Coś poszło nie tak po naszej stronie. Spróbuj ponownie.',
  service_unavailable: 'Usługa jest chwilowo niedostępna. Spróbuj ponownie za chwilę.',
  validation_error: 'Sprawdź zaznaczone pola.',
  invalid_credentials: 'Nieprawidłowy e-mail lub hasło.',
  invalid_init_data: 'Logowanie przez komunikator wygasło. Otwórz aplikację z bota ponownie.',
  invalid_bot: 'To nie jest nasz bot. Otwórz kasyno przez naszego oficjalnego bota.',
  email_taken: 'Konto z tym adresem e-mail już istnieje. Może chcesz się zalogować?',
  unauthorized: 'Twoja sesja wygasła. Zaloguj się ponownie.',
  forbidden: 'Nie masz dostępu do tej operacji.',
  cross_origin_request:
    'Ta operacja została zablokowana, ponieważ nie pochodziła z tej strony. Odśwież stronę i spróbuj ponownie.',
  not_found: 'Nie znaleziono.',
  name_change_unavailable:
    'Nie możesz już tutaj zmienić imienia i nazwiska. Jeśli wymagają poprawki, skontaktuj się z obsługą klienta.',
  rate_limited: 'Zbyt wiele prób. Spróbuj ponownie za {{retryAfterSeconds}}\u00a0s.',
  server_busy:
    'Właśnie loguje się bardzo wielu graczy. Spróbuj ponownie za {{retryAfterSeconds}}\u00a0s.',
  payload_too_large: 'Żądanie jest za duże.',
  bad_request: 'Nie udało się przetworzyć żądania.',
  round_not_open: 'Ta runda już się zakończyła.',
  round_in_progress: 'Najpierw dokończ trwającą rundę.',
  bet_out_of_limits: 'Ten zakład wykracza poza limity gry.',
  turbine_not_available: 'Koło fortuny jest niedostępne',
  promo_code_not_found: 'Nie ma takiego kodu promocyjnego. Sprawdź pisownię.',
  promo_code_expired: 'Ten kod promocyjny jest teraz nieważny.',
  promo_code_exhausted: 'Limit użyć tego kodu promocyjnego został wyczerpany.',
  promo_code_already_used: 'Ten kod promocyjny został już przez Ciebie wykorzystany.',
  promo_code_not_eligible: 'Ten kod promocyjny nie jest dla Ciebie dostępny.',
  bonus_max_bet_exceeded:
    'Podczas obrotu bonusem pojedynczy zakład nie może przekroczyć {{maxBet}} {{currency}}.',
  bonus_active: 'Nie jest to możliwe, gdy masz aktywny lub oczekujący bonus.',
  bonus_not_available: 'Ten bonus nie jest dla Ciebie dostępny.',
  bonus_not_cancellable: 'Tego bonusu nie można już anulować.',
  freespins_unavailable: 'Nie masz już darmowych spinów w tej grze.',
  daily_bonus_used:
    'Dzisiejszy bonus został już wykorzystany. Kolejny będzie dostępny o północy UTC.',
};
