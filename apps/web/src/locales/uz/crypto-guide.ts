import type { Translation } from '../translation';

export const cryptoGuide: Translation['CryptoGuide'] = {
  title: 'Kriptovalyutani qanday sotib olish mumkin',
  entry: 'Kriptoni qanday sotib olish',
  description:
    'Ushbu servislardan birida kriptovalyuta sotib oling, soʻng uni hamyondan depozit manzilingizga yuboring.',
  services_label: 'Servislar',
  open_service: '{{name}} servisini ochish',
  buy_title: 'Qanday sotib olish mumkin',
  send_title: 'Kazinoga qanday yuborish mumkin',
  steps_title: 'Qadamma-qadam',
  video_title: 'Video qoʻllanma',
  video_label: 'Video qoʻllanma: {{name}}',
  warning:
    'Faqat depozit ekranida koʻrsatilgan tanga va tarmoqdan yuboring. Boshqa tarmoqda yuborilgan tangalar yetib kelmaydi va ularni qaytarib boʻlmaydi.',
  send: {
    same_network:
      'Kazinoning depozit ekranidagi tanga va tarmoqning aynan oʻzini tanlang (masalan, USDT va TRC20).',
    paste_address:
      'Kazino hamyonidagi depozit manzilini nusxalang va uni qabul qiluvchi manzili sifatida qoʻying. Birinchi va oxirgi belgilarni tekshiring.',
    memo: 'Agar kazino memo (izoh, teg) koʻrsatsa, uni ham kiriting: usiz depozit hisobga tushirilmaydi.',
    confirm: 'Summani kiriting, tarmoq komissiyasini tekshiring va oʻtkazmani tasdiqlang.',
    confirmations:
      'Tarmoq tasdiqlarini kuting: balansingiz avtomatik ravishda, odatda bir necha daqiqada toʻldiriladi.',
  },
  services: {
    aggregator: {
      kind: 'Ayirboshlash shoxobchalari agregatori',
      intro:
        'Agregator yuzlab ayirboshlash shoxobchalarini solishtiradi va pulingizga kim koʻproq kriptovalyuta berishini koʻrsatadi. Ayirboshlashning oʻzi siz tanlagan shoxobchada amalga oshadi.',
      buy_1:
        'Nima berishingizni (masalan, oʻz valyutangizdagi bank kartasi) va nima olishingizni tanlang: kerakli tarmoqdagi USDT.',
      buy_2: 'Kursi yaxshi, zaxirasi yetarli va sharhlari yaxshi shoxobchani tanlang.',
      buy_3: 'Shoxobcha saytiga oʻting va buyurtma shaklini toʻldiring.',
      send_service:
        'Buyurtmani shoxobcha koʻrsatmasiga koʻra toʻlang: u kriptovalyutani toʻgʻridan-toʻgʻri siz koʻrsatgan manzilga yuboradi.',
    },
    exchange: {
      kind: 'Kripto birja',
      intro:
        'Yirik birja: USDT ni karta orqali yoki P2P bozorida sotib oling, soʻng uni kazinoga yechib oling.',
      buy_1: 'Roʻyxatdan oʻting va birjada shaxsni tasdiqlashdan oʻting.',
      buy_2:
        '«Kripto sotib olish» boʻlimini ochib, karta bilan toʻlang yoki P2P bozorida reytingi yuqori sotuvchini tanlang.',
      buy_3: 'Toʻlovdan soʻng tangalar hisobingiz balansida paydo boʻladi.',
      send_service: '«Aktivlar» boʻlimini oching, «Yechish» tugmasini bosing va tangani tanlang.',
    },
    'crypto-bot': {
      kind: 'Messenjerdagi kripto bot',
      intro:
        'Toʻgʻridan-toʻgʻri messenjerdagi hamyon-bot, qoʻshimcha ilova kerak emas: uni ishga tushiring, kriptovalyuta sotib oling va bir necha bosishda yuboring.',
      buy_1: 'Messenjerda botni toping va «Boshlash» tugmasini bosing.',
      buy_2: '«Hamyon»ni oching, «Toʻldirish» tugmasini bosing va tangani tanlang, masalan USDT.',
      buy_3:
        'Uni karta bilan yoki botning P2P bozorida sotib oling yoxud boshqa hamyondan qabul qiling.',
      send_service: '«Hamyon»ni oching, «Yechish» tugmasini bosing va tangani tanlang.',
      tip: 'Kazino hamyoni toʻlovni toʻgʻridan-toʻgʻri shu botdan ham qabul qiladi: «Depozit» boʻlimida kripto botni tanlang va hisob-fakturani botda toʻlang.',
    },
    'messenger-wallet': {
      kind: 'Messenjerga oʻrnatilgan hamyon',
      intro:
        'Messenjerning oʻz hamyoni: uni messenjer menyusidan oching. TON tarmogʻidagi USDT va TON uchun qulay.',
      buy_1: 'Messenjer menyusidan «Hamyon»ni oching va kripto hamyonni yoqing.',
      buy_2:
        '«Kripto qoʻshish» tugmasini bosib, karta bilan sotib oling yoki P2P bozoridan foydalaning.',
      buy_3: 'Tangalar hamyon balansida paydo boʻlguncha kuting.',
      send_service:
        '«Yuborish» tugmasini bosing, tangani tanlang va uni manzil boʻyicha tashqi hamyonga yuboring.',
    },
    'self-custody': {
      kind: 'Nokastodial hamyon: TON va boshqa tarmoqlar',
      intro:
        'Kalitlari faqat sizda boʻlgan hamyon. TON, TON tarmogʻidagi USDT va boshqa tarmoqlar bilan ishlaydi.',
      buy_1: 'Ilovani oʻrnating va yangi hamyon yarating.',
      buy_2:
        'Tiklash iborasini qogʻozga yozib oling va ishonchli joyda saqlang: uni siz uchun hech kim tiklay olmaydi.',
      buy_3:
        'TON yoki USDT ni ilovada sotib oling yoki ularni birjadan hamyon manzilingizga qabul qiling.',
      send_service: '«Yuborish» tugmasini bosing va tangani tanlang.',
      tip: 'TON uchun kazino hamyoni shu hamyonni toʻgʻridan-toʻgʻri ulab, toʻlov soʻrashi mumkin: «Depozit» boʻlimida TON ni tanlang.',
    },
  },
  image: {
    label: 'Qadam {{number}}: {{text}}',
    step: 'Qadam {{number}}',
    captions: {
      aggregator_1: 'Nima berib, nima olishingizni tanlang, shoxobchalarni solishtiring',
      aggregator_2: 'Kazino bilan bir xil tarmoqdagi USDT ni tanlang',
      aggregator_3: 'Kazino manzilini qabul qiluvchi sifatida qoʻying',
      aggregator_4: 'Toʻlang va tasdiqlarni kuting',
      exchange_1: 'USDT ni karta orqali yoki P2P da sotib oling',
      exchange_2: '«Aktivlar»ni oching va «Yechish»ni bosing',
      exchange_3: 'Tangani va bir xil tarmoqni tanlang',
      exchange_4: 'Manzilni qoʻying, oʻtkazmani tasdiqlang',
      'crypto-bot_1': 'Botni ishga tushiring va «Hamyon»ni oching',
      'crypto-bot_2': 'Toʻldirish: USDT ni karta bilan sotib oling',
      'crypto-bot_3': 'Yechish: bir xil tarmoqni tanlang',
      'crypto-bot_4': 'Manzilni qoʻying va tasdiqlang',
      'messenger-wallet_1': 'Messenjerda «Hamyon»ni oching',
      'messenger-wallet_2': 'Karta yoki P2P orqali kripto qoʻshing',
      'messenger-wallet_3': 'Manzilga yuboring, memo qoʻshing',
      'messenger-wallet_4': 'Tasdiqlarni kuting',
      'self-custody_1': 'Hamyon yarating, iborani saqlang',
      'self-custody_2': 'Ilovada TON yoki USDT sotib oling',
      'self-custody_3': 'Yuborish: manzil va memoni qoʻying',
      'self-custody_4': 'Tasdiqlang va tarmoqni kuting',
    },
    ui: {
      you_give: 'Berasiz',
      you_get: 'Olasiz',
      fiat_example: '1 250 000 UZS',
      card: 'Bank kartasi',
      exchangers: 'Ayirboshlash shoxobchalari',
      best_rate: 'Eng yaxshi kurs',
      amount: 'Summa',
      p2p: 'P2P bozori',
      buy: 'Sotib olish',
      balance: 'Balans',
      top_up: 'Toʻldirish',
      withdraw: 'Yechish',
      assets: 'Aktivlar',
      coin: 'Tanga',
      network: 'Tarmoq',
      same_network: 'kazinodagidek',
      address: 'Manzil',
      paste: 'Qoʻyish',
      memo: 'Memo / izoh',
      fee: 'Tarmoq komissiyasi',
      confirm: 'Tasdiqlash',
      sent: 'Yuborildi',
      confirmations: 'Tasdiqlar',
      bot_greeting:
        'Salom! Bu yerda kriptovalyuta sotib olishingiz, yuborishingiz va qabul qilishingiz mumkin.',
      open_wallet: 'Hamyonni ochish',
      send: 'Yuborish',
      start: 'Boshlash',
      recovery_phrase: 'Tiklash iborasi',
      create_wallet: 'Hamyon yaratish',
    },
  },
};
