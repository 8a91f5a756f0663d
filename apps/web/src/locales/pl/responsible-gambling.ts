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
  server_error: {
    responsible_gambling_limit:
      'Twój limit odpowiedzialnej gry na to nie pozwala: wykorzystano {{used}} z {{amount}} {{currency}}. Kiedy limit się zwolni, sprawdzisz w profilu, w sekcji Odpowiedzialna gra.',
  },
};
