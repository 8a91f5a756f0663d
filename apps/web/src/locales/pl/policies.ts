import type { Translation } from '../translation';

export const policies: Translation['Policies'] = {
  title: 'Regulamin',
  updated: 'Ostatnia aktualizacja: 1 listopada 2025',
  applies_to: 'Niniejszy regulamin dotyczy serwisu {{host}} i wszystkich jego usług.',
  sections: {
    acceptance_title: '1. Akceptacja',
    acceptance_body:
      'Zakładając konto lub korzystając z serwisu, akceptujesz niniejszy regulamin. Jeśli się z nim nie zgadzasz, nie korzystaj z naszych usług.',
    eligibility_title: '2. Kto może grać',
    eligibility_body:
      'Musisz mieć ukończone 18 lat lub więcej, jeśli wymaga tego prawo Twojego kraju. Dozwolone jest tylko jedno konto na osobę. Nie oferujemy naszych usług w krajach, w których hazard online jest zakazany.',
    account_title: '3. Twoje konto',
    account_body:
      'Dbaj o poprawność swoich danych osobowych i zachowaj hasło w tajemnicy. Przed wypłatą możemy poprosić o weryfikację tożsamości i źródła pochodzenia środków. Odpowiadasz za wszystkie działania na swoim koncie.',
    payments_title: '4. Wpłaty i wypłaty',
    payments_body:
      'Korzystaj wyłącznie z metod płatności, które należą do Ciebie. W miarę możliwości wypłaty są realizowane tą samą metodą, którą dokonano wpłaty. Wypłaty mogą zostać opóźnione na czas kontroli bezpieczeństwa lub weryfikacji tożsamości.',
    bonuses_title: '5. Bonusy',
    bonuses_body:
      'Każdy bonus ma własne warunki: wymóg obrotu, maksymalną stawkę i termin. Środki bonusowe można wypłacić dopiero po spełnieniu warunków. Nadużywanie bonusów skutkuje anulowaniem bonusu i wygranych z niego.',
    fair_play_title: '6. Uczciwa gra',
    fair_play_body:
      'Zakazane są: posiadanie wielu kont, zmowa, gra automatyczna, wykorzystywanie błędów oprogramowania, ataki na nasze usługi i odgadywanie haseł. Możemy zablokować konto, które narusza te zasady; powód jest wyświetlany po zalogowaniu.',
    responsible_title: '7. Odpowiedzialna gra',
    responsible_body:
      'Graj tylko za pieniądze, na których utratę możesz sobie pozwolić. W każdej chwili możesz skontaktować się z obsługą klienta, aby ustawić limity, zrobić przerwę lub wykluczyć się z gry.',
    liability_title: '8. Odpowiedzialność i zmiany',
    liability_body:
      'Awaria unieważnia wszystkie zakłady i wypłaty, których dotyczy. Możemy aktualizować niniejszy regulamin; o istotnych zmianach informujemy w serwisie, zanim wejdą w życie.',
    contact_title: '9. Kontakt',
    contact_body:
      'Nasza obsługa klienta jest dostępna 24/7 przez czat na żywo, bota obsługi klienta i pod adresem {{email}}.',
  },
};
