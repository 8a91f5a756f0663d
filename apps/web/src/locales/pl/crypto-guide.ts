import type { Translation } from '../translation';

export const cryptoGuide: Translation['CryptoGuide'] = {
  title: 'Jak kupić kryptowaluty',
  entry: 'Jak kupić krypto',
  description:
    'Kup kryptowalutę w jednym z tych serwisów, a potem wyślij ją z portfela na swój adres wpłaty.',
  services_label: 'Serwisy',
  open_service: 'Otwórz {{name}}',
  buy_title: 'Jak kupić',
  send_title: 'Jak wysłać do kasyna',
  steps_title: 'Krok po kroku',
  video_title: 'Poradnik wideo',
  video_label: 'Poradnik wideo: {{name}}',
  warning:
    'Wysyłaj tylko tę monetę i w tej sieci, które widać na Twoim ekranie wpłaty. Monety wysłane w innej sieci nie dotrą i nie da się ich odzyskać.',
  send: {
    same_network:
      'Wybierz tę samą monetę i tę samą sieć co na ekranie wpłaty w kasynie (na przykład USDT i TRC20).',
    paste_address:
      'Skopiuj adres wpłaty z portfela kasyna i wklej go jako adres odbiorcy. Sprawdź jego pierwsze i ostatnie znaki.',
    memo: 'Jeśli kasyno pokazuje memo (komentarz, tag), wpisz je również: bez niego wpłata nie zostanie zaksięgowana.',
    confirm: 'Wpisz kwotę, sprawdź opłatę sieciową i potwierdź przelew.',
    confirmations:
      'Poczekaj na potwierdzenia sieci: saldo zostanie zasilone automatycznie, zwykle w ciągu kilku minut.',
  },
  services: {
    aggregator: {
      kind: 'Agregator kantorów',
      intro:
        'Agregator porównuje setki kantorów i pokazuje, który da najwięcej kryptowaluty za Twoje pieniądze. Sama wymiana odbywa się w wybranym kantorze.',
      buy_1:
        'Wybierz, co oddajesz (na przykład kartę bankową w swojej walucie) i co otrzymujesz: USDT w potrzebnej sieci.',
      buy_2: 'Wybierz kantor z dobrym kursem, wystarczającą rezerwą i dobrymi opiniami.',
      buy_3: 'Przejdź do kantoru i wypełnij jego formularz zlecenia.',
      send_service:
        'Opłać zlecenie zgodnie z instrukcją kantoru: wyśle on kryptowalutę prosto na podany przez Ciebie adres.',
    },
    exchange: {
      kind: 'Giełda kryptowalut',
      intro: 'Duża giełda: kup USDT kartą lub na rynku P2P, a potem wypłać je do kasyna.',
      buy_1: 'Zarejestruj się i przejdź weryfikację tożsamości na giełdzie.',
      buy_2:
        'Otwórz „Kup kryptowaluty” i zapłać kartą albo wybierz sprzedawcę z wysoką oceną na rynku P2P.',
      buy_3: 'Po zapłacie monety pojawią się na saldzie Twojego konta.',
      send_service: 'Otwórz „Aktywa”, stuknij „Wypłać” i wybierz monetę.',
    },
    'crypto-bot': {
      kind: 'Kryptobot w komunikatorze',
      intro:
        'Bot-portfel bezpośrednio w komunikatorze, bez dodatkowej aplikacji: uruchom go, kup kryptowalutę i wyślij ją kilkoma stuknięciami.',
      buy_1: 'Znajdź bota w komunikatorze i stuknij „Start”.',
      buy_2: 'Otwórz „Portfel”, stuknij „Wpłać” i wybierz monetę, na przykład USDT.',
      buy_3: 'Kup ją kartą lub na rynku P2P bota albo odbierz z innego portfela.',
      send_service: 'Otwórz „Portfel”, stuknij „Wypłać” i wybierz monetę.',
      tip: 'Portfel kasyna przyjmuje też płatność bezpośrednio z tego bota: wybierz kryptobota w zakładce „Wpłata” i opłać fakturę w bocie.',
    },
    'messenger-wallet': {
      kind: 'Portfel wbudowany w komunikator',
      intro:
        'Własny portfel komunikatora: otwórz go z menu komunikatora. Wygodny do USDT i TON w sieci TON.',
      buy_1: 'Otwórz „Portfel” z menu komunikatora i włącz portfel kryptowalut.',
      buy_2: 'Stuknij „Dodaj krypto” i kup kartą albo skorzystaj z rynku P2P.',
      buy_3: 'Poczekaj, aż monety pojawią się na saldzie portfela.',
      send_service:
        'Stuknij „Wyślij”, wybierz monetę, a potem wysyłkę na zewnętrzny portfel po adresie.',
    },
    'self-custody': {
      kind: 'Portfel niepowierniczy: TON i inne sieci',
      intro:
        'Portfel, do którego klucze masz tylko Ty. Obsługuje TON, USDT w sieci TON i inne sieci.',
      buy_1: 'Zainstaluj aplikację i utwórz nowy portfel.',
      buy_2:
        'Zapisz frazę odzyskiwania na papierze i przechowuj ją bezpiecznie: nikt jej za Ciebie nie odtworzy.',
      buy_3: 'Kup TON lub USDT w aplikacji albo odbierz je z giełdy na adres swojego portfela.',
      send_service: 'Stuknij „Wyślij” i wybierz monetę.',
      tip: 'W przypadku TON portfel kasyna może też połączyć się bezpośrednio z tym portfelem i poprosić o płatność: wybierz TON w zakładce „Wpłata”.',
    },
  },
  image: {
    label: 'Krok {{number}}: {{text}}',
    step: 'Krok {{number}}',
    captions: {
      aggregator_1: 'Wybierz, co oddajesz i co otrzymujesz, porównaj kantory',
      aggregator_2: 'Wybierz USDT w tej samej sieci co w kasynie',
      aggregator_3: 'Wklej adres kasyna jako adres odbiorcy',
      aggregator_4: 'Zapłać i poczekaj na potwierdzenia',
      exchange_1: 'Kup USDT kartą lub na rynku P2P',
      exchange_2: 'Otwórz „Aktywa” i stuknij „Wypłać”',
      exchange_3: 'Wybierz monetę i tę samą sieć',
      exchange_4: 'Wklej adres, potwierdź przelew',
      'crypto-bot_1': 'Uruchom bota i otwórz „Portfel”',
      'crypto-bot_2': 'Wpłata: kup USDT kartą',
      'crypto-bot_3': 'Wypłata: wybierz tę samą sieć',
      'crypto-bot_4': 'Wklej adres i potwierdź',
      'messenger-wallet_1': 'Otwórz „Portfel” w komunikatorze',
      'messenger-wallet_2': 'Dodaj krypto kartą lub przez P2P',
      'messenger-wallet_3': 'Wyślij na adres, dodaj memo',
      'messenger-wallet_4': 'Poczekaj na potwierdzenia',
      'self-custody_1': 'Utwórz portfel, zapisz frazę',
      'self-custody_2': 'Kup TON lub USDT w aplikacji',
      'self-custody_3': 'Wyślij: wklej adres i memo',
      'self-custody_4': 'Potwierdź i poczekaj na sieć',
    },
    ui: {
      you_give: 'Oddajesz',
      you_get: 'Otrzymujesz',
      fiat_example: '370 zł',
      card: 'Karta bankowa',
      exchangers: 'Kantory',
      best_rate: 'Najlepszy kurs',
      amount: 'Kwota',
      p2p: 'Rynek P2P',
      buy: 'Kup',
      balance: 'Saldo',
      top_up: 'Wpłać',
      withdraw: 'Wypłać',
      assets: 'Aktywa',
      coin: 'Moneta',
      network: 'Sieć',
      same_network: 'jak w kasynie',
      address: 'Adres',
      paste: 'Wklej',
      memo: 'Memo / komentarz',
      fee: 'Opłata sieciowa',
      confirm: 'Potwierdź',
      sent: 'Wysłano',
      confirmations: 'Potwierdzenia',
      bot_greeting: 'Cześć! Tutaj kupisz, wyślesz i odbierzesz kryptowaluty.',
      open_wallet: 'Otwórz portfel',
      send: 'Wyślij',
      start: 'Start',
      recovery_phrase: 'Fraza odzyskiwania',
      create_wallet: 'Utwórz portfel',
    },
  },
};
