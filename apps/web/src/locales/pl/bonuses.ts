import type { Translation } from '../translation';

export const bonuses: Translation['Bonuses'] = {
  drawer_title: 'Bonusy',
  offers_button: 'Oferty bonusowe',
  current_title: 'Aktualne bonusy',
  finished_title: 'Historia bonusów',
  percent: 'Bonus {{percent}}%',
  granted: 'przyznano {{amount}}',
  balance: 'Saldo bonusowe',
  wager: 'Obrót',
  wager_progress: '{{current}} z {{total}}',
  max_bet: 'Maks. stawka',
  no_max_bet: 'Bez limitu',
  free_spins: 'Darmowe spiny',
  free_spins_left: '{{left}} z {{total}}',
  free_spins_each: 'po {{amount}}',
  free_spins_count: '+{{count}} FS',
  converted: 'Zamieniono na prawdziwe pieniądze',
  deadline: 'Koniec za',
  deadline_hours: 'Potem {{hours}} godz. na obrót.',
  pending_note: 'Rozpocznie się po zakończeniu aktywnego bonusu.',
  ended_at: 'Zakończony {{date}}',
  games: 'Gry',
  games_all: 'Liczą się wszystkie gry',
  games_count: 'Gry: {{count}}',
  games_more: '+{{count}} więcej',
  to_games: 'Gry',
  conditions_button: 'Warunki',
  cancel: 'Anuluj',
  cancel_title: 'Anulować ten bonus?',
  cancel_text:
    '{{title}}: środki bonusowe ({{balance}}) i postęp obrotu przepadną. Tej operacji nie można cofnąć.',
  cancel_keep: 'Zachowaj bonus',
  cancel_confirm: 'Anuluj bonus',
  cancelled: '{{title}}: bonus anulowany',
  status: {
    active: 'Aktywny',
    pending: 'Oczekujący',
    completed: 'Ukończony',
    expired: 'Wygasły',
    forfeited: 'Anulowany',
    lost: 'Przegrany',
  },
  conditions: {
    percent: 'Bonus',
    up_to: 'Maksymalnie',
    min_deposit: 'Minimalna wpłata',
    wager: 'Obrót',
    wager_value: '×{{wager}}',
    deadline: 'Czas na obrót',
    deadline_value: '{{hours}} godz.',
    free_spins_value: '{{count}} × {{amount}}',
  },
  info: {
    conditions_title: 'Warunki bonusu',
    new_one: 'Masz nowy bonus!',
    new_many: 'Nowe bonusy: {{count}}',
    wager_line: 'Obróć {{total}}, aby zamienić go na prawdziwe pieniądze',
    to_bonuses: 'Moje bonusy',
    ok: 'Rozumiem',
  },
  settings: {
    title: 'Ustawienia bonusu powitalnego',
    text: 'Wybierz, które wpłaty mają otrzymywać bonus powitalny.',
    fiat: 'Wpłaty kartą i przelewem',
    crypto: 'Wpłaty krypto',
  },
  welcome: {
    title: 'Bonus powitalny',
    headline: 'Do {{percent}}% do każdej z pierwszych {{count}} wpłat',
    headline_plain: 'Bonus do każdej z pierwszych {{count}} wpłat',
    steps_title: 'Kolejne wpłaty',
    step: '{{number}}. wpłata',
    percent: '+{{percent}}%',
    up_to: 'do {{amount}}',
    free_spins: '+{{count}} FS',
    min_deposit: 'od {{amount}}',
    state: {
      claimed: 'Odebrany',
      available: 'Dostępny teraz',
      disabled: 'Po {{number}}. wpłacie',
    },
    deposit: 'Wpłać',
    guest_text: 'Załóż konto, aby otrzymać bonus do każdej z pierwszych czterech wpłat.',
    sign_up: 'Zarejestruj się',
    none: 'Obecnie nie ma dla Ciebie ofert powitalnych.',
  },
  wallet_banner: {
    welcome_title: 'Bonus do {{number}}. wpłaty',
    forfeit:
      'Wypłata anuluje aktywny bonus i jego saldo bonusowe w wysokości {{amount}}. Obróć go najpierw, aby go zachować.',
  },
  everyday: {
    title: 'Bonus codzienny',
    teaser: 'Po pierwszych {{count}} wpłatach: +{{percent}}% do jednej wpłaty każdego dnia.',
    banner_text: 'do jednej dzisiejszej wpłaty: aktywuj bonus, a potem wpłać środki.',
    use: 'Użyj',
    used: 'Aktywowano: Twoja następna dzisiejsza wpłata otrzyma bonus.',
    next_in: 'Następny bonus za',
    unavailable: 'Bonus codzienny jest teraz niedostępny.',
    activated: 'Bonus codzienny aktywowany. Wpłać środki dzisiaj, aby go otrzymać.',
    conditions_title: 'Warunki',
    period_title: 'Okres',
    period_text:
      'Codziennie od 00:00 do 24:00 UTC. Aktywuj bonus i wpłać środki tego samego dnia; kolejny będzie dostępny o północy UTC.',
  },
  video: {
    title: 'Jak to działa',
    label:
      'Animacja: wpłata daje bonus, bonus zostaje obrócony i staje się prawdziwymi pieniędzmi.',
    caption: 'Wpłać, odbierz bonus, obróć go i wypłać prawdziwe pieniądze.',
    deposit: '1. Dokonaj wpłaty',
    bonus: '2. Odbierz bonus',
    wager: '3. Obróć go w grach',
    withdraw: '4. Wypłać prawdziwe pieniądze',
  },
  faq: {
    title: 'Pytania i odpowiedzi',
    how_welcome: {
      question: 'Jak działa bonus powitalny?',
      answer:
        'Każda z Twoich pierwszych czterech wpłat otrzymuje własny bonus: procent od wpłaty do limitu podanego przy danym kroku, czasem z darmowymi spinami. Kroki odblokowują się jeden po drugim.',
    },
    how_everyday: {
      question: 'Jak działa bonus codzienny?',
      answer:
        'Od czwartej wpłaty raz dziennie naciśnij „Użyj” i wpłać środki tego samego dnia: wpłata otrzyma dodatkowo bonus codzienny.',
    },
    when: {
      question: 'Kiedy mogę użyć go ponownie?',
      answer:
        'Raz dziennie. Doba liczona jest według UTC: kolejny bonus będzie dostępny o północy UTC, a licznik pokazuje, ile czasu zostało.',
    },
    wager: {
      question: 'Co oznacza obrót?',
      answer:
        'Środki bonusowe stają się prawdziwymi pieniędzmi, gdy postawisz zakłady za kwotę bonusu pomnożoną przez mnożnik obrotu. Każda gra liczy się według własnego udziału, podanego przy grach bonusowych.',
    },
    max_bet: {
      question: 'Czy obowiązuje limit stawki?',
      answer:
        'Podczas obrotu bonusem pojedynczy zakład nie może przekroczyć jego maksymalnej stawki. Wyższe zakłady są odrzucane do zakończenia bonusu.',
    },
    deadline: {
      question: 'Ile mam czasu?',
      answer:
        'Każdy bonus ma termin liczony w godzinach od momentu jego rozpoczęcia. Nieobrócone środki bonusowe wygasają wraz z nim.',
    },
    several: {
      question: 'Czy mogę mieć kilka bonusów?',
      answer:
        'Jednocześnie obracany jest tylko jeden bonus. Kolejny, przyznany w tym czasie, czeka i rozpoczyna się po zakończeniu aktywnego.',
    },
    cancel: {
      question: 'Czy mogę anulować bonus?',
      answer:
        'Tak, na stronie „Bonusy”. Środki bonusowe i postęp obrotu przepadają. Wypłata również anuluje aktywne bonusy.',
    },
  },
};
