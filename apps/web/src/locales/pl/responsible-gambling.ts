export const responsibleGambling = {
  title: 'Odpowiedzialna gra',
  intro:
    'Ustaw limity wpłat, stawek i strat. Obniżenie limitu działa od razu, podwyższenie lub usunięcie dopiero po 24 godzinach.',
  empty: 'Nie masz jeszcze limitów.',
  add_title: 'Ustaw limit',
  add: 'Ustaw limit',
  change: 'Zmień',
  save: 'Zapisz',
  close: 'Zamknij',
  remove: 'Usuń',
  cancel_pending: 'Anuluj zmianę',
  type_label: 'Limit',
  period_label: 'Okres',
  amount_label: 'Kwota ({{currency}})',
  amount_label_primary: 'Kwota w twojej walucie',
  minutes_label: 'Minuty',
  minutes: '{{minutes}} min',
  types: {
    deposit: 'Limit wpłat',
    loss: 'Limit strat',
    wager: 'Limit stawek',
    session: 'Czas sesji',
  },
  periods: {
    day: '24 godziny',
    week: '7 dni',
    month: '30 dni',
  },
  used: 'Wykorzystano {{used}} z {{amount}}',
  frees: 'zwolni się {{when}}',
  goes_down: 'zmniejszy się {{when}}',
  today: 'dziś o {{time}}',
  tomorrow: 'jutro o {{time}}',
  over_limit:
    'Wpłata, która dotarła po osiągnięciu limitu, przekroczyła go. Została zaksięgowana; kolejne wpłaty będą możliwe, gdy limit się zwolni.',
  session_note: 'Limit czasu jest zapisany na twoim koncie.',
  pending_raise: 'Podwyższenie do {{amount}} zacznie obowiązywać {{when}}',
  pending_removal: 'Usunięcie limitu zacznie obowiązywać {{when}}',
  cooling_off_hint:
    'Obniżenie limitu działa natychmiast. Podwyższenie lub usunięcie zaczyna obowiązywać po 24 godzinach i do tego czasu można je anulować.',
  help_title: 'Potrzebujesz pomocy?',
  help_intro: 'Bezpłatne i poufne wsparcie oferują te organizacje:',
  help: {
    begambleaware: 'porady i bezpłatna infolinia',
    gamcare: 'wsparcie i poradnictwo',
    ga: 'spotkania osób pomagających sobie nawzajem',
    therapy: 'wsparcie online w wielu językach',
  },
  exclusion: {
    title: 'Zrób przerwę',
    intro:
      'Przerwa lub samowykluczenie zaczyna się od razu: zostaniesz wylogowany na wszystkich urządzeniach i do jego końca nie zalogujesz się, nie wpłacisz ani nie zagrasz.',
    time_out: 'Przerwa',
    self_exclusion: 'Samowykluczenie',
    days_1: '24 godziny',
    days_7: '1 tydzień',
    days_30: '1 miesiąc',
    days_label: 'Albo liczba dni (1–42)',
    periods: {
      '6m': '6 miesięcy',
      '1y': '1 rok',
      '5y': '5 lat',
      indefinite: 'Bezterminowo',
    },
    continue: 'Dalej',
    confirm_title: 'Potwierdź',
    confirm_time_out:
      'Zostaniesz wylogowany na wszystkich urządzeniach i do {{until}} nie zalogujesz się, nie wpłacisz ani nie zagrasz.',
    confirm_self_exclusion:
      'Zostaniesz wylogowany na wszystkich urządzeniach i do {{until}} nie zalogujesz się, nie wpłacisz ani nie zagrasz. Samowykluczenia nie można cofnąć ani skrócić, a potem konto otworzy się tylko na Twoją prośbę.',
    confirm_indefinite:
      'Zostaniesz wylogowany na wszystkich urządzeniach i już się nie zalogujesz, nie wpłacisz ani nie zagrasz. Bezterminowego samowykluczenia nie można cofnąć.',
    withdraw_note:
      'Otwarte zakłady sportowe zostaną rozliczone. Aby w tym czasie wypłacić saldo, skontaktuj się z pomocą.',
    confirm: 'Potwierdź i wyloguj',
    back: 'Wróć',
    timed_out_until: 'Masz przerwę do {{until}}.',
    self_excluded_until: 'Jesteś samowykluczony do {{until}}.',
    self_excluded_indefinite: 'Jesteś samowykluczony bezterminowo.',
    ended:
      'Twoje samowykluczenie skończyło się {{until}}. Konto otworzy się 24 godziny po Twojej prośbie.',
    reopen: 'Poproś o otwarcie konta',
    reopens_at: 'Twoje konto otworzy się {{when}}.',
    registry:
      'Jesteś w krajowym rejestrze samowykluczonych, więc z tego konta nie można korzystać.',
  },
  server_error: {
    responsible_gambling_limit:
      'Twój limit odpowiedzialnej gry na to nie pozwala: wykorzystano {{used}} z {{amount}} {{currency}}. Kiedy limit się zwolni, sprawdzisz w profilu, w sekcji Odpowiedzialna gra.',
  },
};
