import type { Translation } from '../translation';

export const profile: Translation['Profile'] = {
  title: 'Profil',
  account: 'Konto',
  user_id: 'ID użytkownika',
  email: 'E-mail',
  language: 'Język',
  language_hint: 'Język interfejsu i naszych wiadomości.',
  personal_data: 'Dane osobowe',
  personal_data_hint:
    'Potrzebne do wypłat. Podaj imię i nazwisko dokładnie tak jak w dokumencie tożsamości.',
  first_name: 'Imię',
  last_name: 'Nazwisko',
  gender: 'Płeć',
  gender_placeholder: 'Wybierz płeć',
  gender_male: 'Mężczyzna',
  gender_female: 'Kobieta',
  date_of_birth: 'Data urodzenia',
  name_locked:
    'Twoje imię i nazwisko zostały potwierdzone i nie można ich już zmienić. Jeśli są błędne, skontaktuj się z obsługą klienta.',
  name_once: 'Imię i nazwisko możesz ustawić tylko raz. Sprawdź je dokładnie przed zapisaniem.',
  save: 'Zapisz',
  saved: 'Dane osobowe zapisane',
  sign_out: 'Wyloguj się',
  signed_out: 'Wylogowano',
  deposits_made: 'Liczba wpłat',
  deposits_sum: 'Suma wpłat',
  vip_player: 'Gracz VIP',
  vip_manager: 'Twój opiekun VIP',
  complete_for_withdrawals: 'Uzupełnij dane osobowe, aby móc wypłacać środki.',
  ready_for_withdrawals: 'Twoje dane osobowe są kompletne.',
};
