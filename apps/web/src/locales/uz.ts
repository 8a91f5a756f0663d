import type { PartialTranslation } from './en';

export const uz: PartialTranslation = {
  Shared: {
    copy: 'Nusxa olish',
    copy_success: 'Nusxa olindi',
    close: 'Yopish',
    retry: 'Qayta urinish',
    loading: 'Yuklanmoqda…',
  },
  Header: {
    home: 'Bosh sahifa',
    login: 'Kirish',
    register: 'Roʻyxatdan oʻtish',
    top_up: 'Toʻldirish',
    balance: 'Balans',
    search: 'Qidiruv',
    bonuses: 'Bonuslar',
    profile: 'Profil',
    complete_profile: 'Profilni toʻldiring',
  },
  Sidebar: {
    navigation: 'Asosiy navigatsiya',
    casino: 'Kazino',
    sport: 'Sport',
    search: 'Qidiruv',
    tournaments: 'Turnirlar',
    all_tournaments: 'Barcha turnirlar',
    bonuses: 'Bonuslar',
    language: 'Til',
    expand: 'Menyuni ochish',
    collapse: 'Menyuni yigʻish',
    menu: 'Menyu',
    wallet: 'Hamyon',
    community: 'Hamjamiyat',
    messenger_channel: 'Messenjerdagi kanal',
  },
  Auth: {
    login_title: 'Xush kelibsiz',
    register_title: 'Hisob yarating',
    email: 'E-mail',
    password: 'Parol',
    submit_login: 'Kirish',
    submit_register: 'Hisob yaratish',
    login_tab: 'Kirish',
    register_tab: 'Roʻyxatdan oʻtish',
  },
  Support: { title: 'Yordam 24/7', write: 'Yozish' },
  CryptoGuide: {
    title: 'Kriptovalyutani qanday sotib olish mumkin',
    entry: 'Kriptoni qanday sotib olish',
    description:
      'Ushbu servislardan birida kriptovalyuta sotib oling va uni hamyondagi depozit manziliga yuboring.',
    services_label: 'Servislar',
    open_service: '{{name}} xizmatini ochish',
    buy_title: 'Qanday sotib olish',
    send_title: 'Kazinoga qanday yuborish',
    steps_title: 'Qadamma-qadam',
    video_title: 'Video qo‘llanma',
    video_label: 'Video qo‘llanma: {{name}}',
    warning:
      'Faqat depozit ekranida ko‘rsatilgan koin va tarmoqni yuboring. Boshqa tarmoqda yuborilgan koinlar yetib kelmaydi va ularni qaytarib bo‘lmaydi.',
    send: {
      same_network:
        'Kazinoning depozit ekranidagi koin va tarmoqning aynan o‘zini tanlang (masalan, USDT va TRC20).',
      paste_address:
        'Kazino hamyonidagi depozit manzilini nusxalang va uni qabul qiluvchi manzili sifatida qo‘ying. Birinchi va oxirgi belgilarni tekshiring.',
      memo: 'Agar kazino memo (izoh, teg) ko‘rsatsa, uni ham kiriting: usiz depozit hisobga tushmaydi.',
      confirm: 'Summani kiriting, tarmoq komissiyasini tekshiring va o‘tkazmani tasdiqlang.',
      confirmations:
        'Tarmoq tasdiqlarini kuting: balans avtomatik ravishda, odatda bir necha daqiqada to‘ldiriladi.',
    },
    services: {
      aggregator: {
        kind: 'Ayirboshlash shoxobchalari agregatori',
        intro:
          'Agregator yuzlab ayirboshlash shoxobchalarini solishtiradi va pulingizga kim ko‘proq kriptovalyuta berishini ko‘rsatadi. Ayirboshlashning o‘zi siz tanlagan shoxobchada amalga oshadi.',
        buy_1:
          'Nima berishingizni (masalan, o‘z valyutangizdagi bank kartasi) va nima olishingizni tanlang: kerakli tarmoqdagi USDT.',
        buy_2: 'Kursi yaxshi, zaxirasi yetarli va sharhlari yaxshi shoxobchani tanlang.',
        buy_3: 'Shoxobchaga o‘ting va buyurtma shaklini to‘ldiring.',
        send_service:
          'Buyurtmani shoxobcha ko‘rsatmasiga ko‘ra to‘lang: u kriptovalyutani to‘g‘ridan-to‘g‘ri siz ko‘rsatgan manzilga yuboradi.',
      },
      exchange: {
        kind: 'Kripto birja',
        intro:
          'Yirik birja: USDT ni karta orqali yoki P2P bozorida sotib oling, so‘ng uni kazinoga yechib oling.',
        buy_1: 'Ro‘yxatdan o‘ting va birjada shaxsni tasdiqlashdan o‘ting.',
        buy_2:
          '«Kripto sotib olish» bo‘limini ochib, karta bilan to‘lang yoki P2P bozorida reytingi yuqori sotuvchini tanlang.',
        buy_3: 'To‘lovdan so‘ng koinlar hisob balansida paydo bo‘ladi.',
        send_service: '«Aktivlar» bo‘limini oching, «Yechish» tugmasini bosing va koinni tanlang.',
      },
      'crypto-bot': {
        kind: 'Messenjerdagi kripto bot',
        intro:
          'To‘g‘ridan-to‘g‘ri messenjerdagi hamyon-bot, alohida ilova kerak emas: uni ishga tushiring, kriptovalyuta sotib oling va bir necha bosishda yuboring.',
        buy_1: 'Messenjerda botni toping va «Start» tugmasini bosing.',
        buy_2: '«Hamyon»ni oching, «To‘ldirish» tugmasini bosing va koinni tanlang, masalan USDT.',
        buy_3:
          'Uni karta bilan yoki botning P2P bozorida sotib oling yoxud boshqa hamyondan qabul qiling.',
        send_service: '«Hamyon»ni oching, «Yechish» tugmasini bosing va koinni tanlang.',
        tip: 'Kazino hamyoni to‘lovni to‘g‘ridan-to‘g‘ri shu botdan ham qabul qiladi: «Depozit» bo‘limida kripto botni tanlang va hisobni botda to‘lang.',
      },
      'messenger-wallet': {
        kind: 'Messenjerga o‘rnatilgan hamyon',
        intro:
          'Messenjerning o‘z hamyoni: uni messenjer menyusidan oching. TON tarmog‘idagi USDT va TON uchun qulay.',
        buy_1: 'Messenjer menyusidan «Hamyon»ni oching va kripto hamyonni yoqing.',
        buy_2:
          '«Kripto qo‘shish» tugmasini bosib, karta bilan sotib oling yoki P2P marketdan foydalaning.',
        buy_3: 'Koinlar hamyon balansida paydo bo‘lguncha kuting.',
        send_service:
          '«Yuborish» tugmasini bosing, koinni va manzil bo‘yicha tashqi hamyonga o‘tkazishni tanlang.',
      },
      'self-custody': {
        kind: 'Nokastodial hamyon: TON va boshqa tarmoqlar',
        intro:
          'Kalitlari faqat sizda bo‘lgan hamyon. TON, TON tarmog‘idagi USDT va boshqa tarmoqlar bilan ishlaydi.',
        buy_1: 'Ilovani o‘rnating va yangi hamyon yarating.',
        buy_2:
          'Tiklash iborasini qog‘ozga yozib oling va ishonchli saqlang: uni siz uchun hech kim tiklay olmaydi.',
        buy_3:
          'TON yoki USDT ni ilovada sotib oling yoki ularni birjadan hamyon manzilingizga qabul qiling.',
        send_service: '«Yuborish» tugmasini bosing va koinni tanlang.',
        tip: 'TON uchun kazino hamyoni shu hamyonni to‘g‘ridan-to‘g‘ri ulab, to‘lov so‘rashi mumkin: «Depozit» bo‘limida TON ni tanlang.',
      },
    },
  },
  wallet: {
    crypto: {
      network: 'Tarmoq',
      deposit_bonus: 'Depozit bonusi',
      address: 'Depozit manzili',
      memo: 'Memo (izoh)',
      memo_required:
        '{{network}} tarmog‘idagi har bir o‘tkazmaga ushbu memoni qo‘shing. Busiz depozit sizniki ekanini aniqlay olmaymiz va u hisobga o‘tkazilmaydi.',
      min_deposit: 'Minimal depozit',
      confirmations: 'Kerakli tasdiqlar',
      network_warning:
        'Bu manzilga faqat {{network}} tarmog‘idagi {{name}} yuboring. Boshqa tangalar va tarmoqlar yo‘qoladi, minimaldan kam summalar hisobga o‘tkazilmaydi.',
      qr_label: 'Depozit manzilining QR kodi',
      save_qr: 'Rasm sifatida saqlash',
      ton_wallet: 'TON hamyon orqali to‘ldirish',
      crypto_bot: 'Crypto Bot orqali to‘lash',
      how_to_buy: 'Kriptovalyutani qanday sotib olish mumkin?',
      address_load_failed: 'Depozit manzilini yuklab bo‘lmadi.',
      credit_note:
        'Depozit joriy kurs bo‘yicha balansingiz valyutasiga aylantiriladi va tarmoq tasdiqlagach hisobga o‘tkaziladi.',
      ton: {
        connect: 'Hamyonni ulash',
        connect_hint:
          'Depozitni to‘g‘ridan-to‘g‘ri hamyondan yuborish uchun TON hamyoningizni ulang.',
        connected: 'Ulangan hamyon',
        disconnect: 'Hamyonni uzish',
        balance: 'Balans',
        send: '{{amount}} yuborish',
        validity_note: 'O‘tkazmani hamyonda 6 daqiqa ichida tasdiqlang.',
        gas_note:
          'Hamyon tarmoq to‘lovi uchun 0,1 TON ham yuboradi; ishlatilmagan qismi sizga qaytadi.',
        no_jetton_wallet: 'Hamyoningizda hali {{name}} yo‘q.',
        rejected: 'O‘tkazma hamyonda tasdiqlanmadi.',
        failed: 'Hamyon o‘tkazmani yubora olmadi. Qaytadan urinib ko‘ring.',
      },
      bot: {
        title: 'Crypto Bot',
        tile_hint: 'Messenjerda to‘lash',
        withdraw_hint: 'Messenjerdagi hamyonga',
        hint: 'Hisob-faktura Crypto Bot’da ochiladi. Depozit to‘langan zahoti hisobga o‘tkaziladi.',
      },
      x_rocket: {
        title: 'Barcha kriptovalyutalar',
        tile_hint: 'Tangalar va tarmoqlar',
        hint: 'Yuboradigan tanga va tarmoqni tanlang.',
      },
      withdraw: {
        address: 'Qabul qiluvchi manzili',
        address_placeholder: 'Sizning {{network}} manzilingiz',
        recent: 'Oxirgilar:',
        memo_hint: 'Qabul qiluvchi birja memo so‘rasa, to‘ldiring.',
        currency: 'Valyuta',
        fee: 'Tarmoq to‘lovi',
        total: 'To‘lov bilan yechiladi',
        fee_failed: 'To‘lovni yuklab bo‘lmadi. Ulanishni tekshiring.',
        to_crypto_bot: 'Pul messenjerdagi Crypto Bot hamyoningizga tushadi.',
        ton_wallet: 'TON hamyon ulangan: {{address}}.',
        use_ton_wallet: 'Uning manzilidan foydalanish',
      },
    },
    withdrawal_crypto: {
      error: 'Pul yechishni yaratib bo‘lmadi. Qaytadan urinib ko‘ring.',
    },
  },
  Banners: {
    carousel_label: 'Aksiyalar',
    previous: 'Oldingi banner',
    next: 'Keyingi banner',
    partners_title: 'Hamkorlarimiz',
    partner_open: 'Hamkor saytiga o‘tish',
  },
  Tournaments: {
    win_title: 'Siz turnir sovrinini yutdingiz!',
    win_text: '{{name}}: {{place}}-oʻrin, sovrin {{prize}}',
    vip_badge: 'VIP',
    status: {
      upcoming: 'Tez orada',
      running: 'Davom etmoqda',
      finished: 'Yakunlangan',
      paid: 'Yakunlangan',
    },
    starts_in: 'Boshlanishiga',
    ends_in: 'Tugashiga',
    ended_on: 'Yakunlangan: {{date}}',
    prize_pool: 'Sovrin jamgʻarmasi',
    prize_places: 'Sovrinli oʻrinlar: {{count}}',
    scoring_title: 'Ochkolar qanday hisoblanadi',
    scoring: {
      wagered:
        'Tikishlar yigʻindisi: har bir tikish joriy kurs boʻyicha {{currency}}da hisoblanadi.',
      won: 'Yutuqlar yigʻindisi: har bir toʻlov joriy kurs boʻyicha {{currency}}da hisoblanadi.',
      best_multiplier:
        'Eng yaxshi koeffitsiyent: bir raunddagi toʻlovning tikishga eng yaxshi nisbati.',
    },
    score_label: {
      wagered: 'Tikishlar',
      won: 'Yutuqlar',
      best_multiplier: 'Eng yaxshi koeffitsiyent',
    },
    games_all: 'Barcha oʻyinlar hisoblanadi.',
    games_some: 'Hisoblanadigan oʻyinlar',
    prizes_title: 'Sovrinlar',
    place: 'Oʻrin',
    player: 'Oʻyinchi',
    score: 'Ochko',
    prize: 'Sovrin',
    leaderboard_title: 'Yetakchilar jadvali',
    leaderboard_empty: 'Hozircha ochko yoʻq: raund oʻynab, yetakchi boʻling.',
    leaderboard_upcoming: 'Jadval turnir boshlanganda ochiladi.',
    my_place: 'Sizning oʻrningiz',
    my_score: 'Sizning ochkongiz',
    not_ranked: 'Siz hali jadvalda yoʻqsiz: hisoblanadigan oʻyin oʻynang.',
    guest_hint: 'Qatnashish va oʻrningizni koʻrish uchun kiring.',
    you: 'siz',
    showing: '{{from}}–{{to}} / {{total}}',
    previous_page: 'Oldingi sahifa',
    next_page: 'Keyingi sahifa',
    load_error: 'Turnirni yuklab boʻlmadi. Keyinroq urinib koʻring.',
  },
};
