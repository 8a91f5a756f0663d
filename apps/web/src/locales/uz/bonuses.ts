import type { Translation } from '../translation';

export const bonuses: Translation['Bonuses'] = {
  drawer_title: 'Bonuslar',
  offers_button: 'Bonus takliflari',
  current_title: 'Joriy bonuslar',
  finished_title: 'Bonuslar tarixi',
  percent: '{{percent}}% bonus',
  granted: 'berildi: {{amount}}',
  balance: 'Bonus balansi',
  wager: 'Oʻynab chiqish',
  wager_progress: '{{current}} / {{total}}',
  max_bet: 'Maks. tikish',
  no_max_bet: 'Cheklovsiz',
  free_spins: 'Bepul aylantirishlar',
  free_spins_left: '{{left}} / {{total}}',
  free_spins_each: 'har biri {{amount}}',
  free_spins_count: '+{{count}} FS',
  converted: 'Haqiqiy pulga aylantirildi',
  deadline: 'Tugashiga',
  deadline_hours: 'Soʻng oʻynab chiqish uchun {{hours}} soat.',
  pending_note: 'Faol bonusingiz tugagach boshlanadi.',
  ended_at: 'Yakunlangan: {{date}}',
  games: 'Oʻyinlar',
  games_all: 'Barcha oʻyinlar hisoblanadi',
  games_count: 'Oʻyinlar: {{count}}',
  games_more: 'yana {{count}} ta',
  to_games: 'Oʻyinlar',
  conditions_button: 'Shartlar',
  cancel: 'Bekor qilish',
  cancel_title: 'Bu bonus bekor qilinsinmi?',
  cancel_text:
    '{{title}}: bonus pullari ({{balance}}) va oʻynab chiqish jarayoni yoʻqoladi. Buni ortga qaytarib boʻlmaydi.',
  cancel_keep: 'Bonusni qoldirish',
  cancel_confirm: 'Bonusni bekor qilish',
  cancelled: '«{{title}}» bekor qilindi',
  status: {
    active: 'Faol',
    pending: 'Kutilmoqda',
    completed: 'Yakunlandi',
    expired: 'Muddati tugadi',
    forfeited: 'Bekor qilindi',
    lost: 'Yutqazildi',
  },
  conditions: {
    percent: 'Bonus',
    up_to: 'Koʻpi bilan',
    min_deposit: 'Minimal depozit',
    wager: 'Oʻynab chiqish',
    wager_value: '×{{wager}}',
    deadline: 'Oʻynab chiqish muddati',
    deadline_value: '{{hours}} soat',
    free_spins_value: '{{count}} × {{amount}}',
  },
  info: {
    conditions_title: 'Bonus shartlari',
    new_one: 'Sizda yangi bonus bor!',
    new_many: 'Yangi bonuslar: {{count}}',
    wager_line: 'Haqiqiy pulga aylantirish uchun jami {{total}} miqdorida tikish qiling',
    to_bonuses: 'Bonuslarim',
    ok: 'Tushunarli',
  },
  settings: {
    title: 'Xush kelibsiz bonusi sozlamalari',
    text: 'Xush kelibsiz bonusi qaysi depozitlarga berilishini tanlang.',
    fiat: 'Karta va bank orqali depozitlar',
    crypto: 'Kripto depozitlar',
  },
  welcome: {
    title: 'Xush kelibsiz bonusi',
    headline: 'Dastlabki {{count}} ta depozitning har biriga {{percent}}% gacha',
    headline_plain: 'Dastlabki {{count}} ta depozitning har biriga bonus',
    steps_title: 'Depozit bosqichlari',
    step: 'Depozit {{number}}',
    percent: '+{{percent}}%',
    up_to: 'maks. {{amount}}',
    free_spins: '+{{count}} bepul aylantirish',
    min_deposit: 'min. {{amount}}',
    state: {
      claimed: 'Olindi',
      available: 'Hozir mavjud',
      disabled: '{{number}}-depozitdan keyin',
    },
    deposit: 'Depozit qilish',
    guest_text: 'Dastlabki toʻrtta depozitingizning har biriga bonus olish uchun hisob yarating.',
    sign_up: 'Roʻyxatdan oʻtish',
    none: 'Hozircha siz uchun xush kelibsiz takliflari yoʻq.',
  },
  wallet_banner: {
    welcome_title: '{{number}}-depozitga bonus',
    forfeit:
      'Pul yechish faol bonusingizni va uning {{amount}} miqdoridagi bonus balansini bekor qiladi. Uni saqlab qolish uchun avval oʻynab chiqing.',
  },
  everyday: {
    title: 'Kundalik bonus',
    teaser: '{{count}} ta depozitdan soʻng har kuni bitta depozitga +{{percent}}%.',
    banner_text: 'bugun bitta depozitga: faollashtiring, soʻng hisobni toʻldiring.',
    use: 'Foydalanish',
    used: 'Faollashtirildi: bugungi keyingi depozitingiz bonus oladi.',
    next_in: 'Keyingi bonusgacha',
    unavailable: 'Kundalik bonus hozir mavjud emas.',
    activated: 'Kundalik bonus faollashtirildi. Uni olish uchun bugun hisobni toʻldiring.',
    conditions_title: 'Shartlar',
    period_title: 'Muddat',
    period_text:
      'Har kuni UTC boʻyicha 00:00 dan 24:00 gacha. Bonusni faollashtiring va oʻsha kuni depozit qiling; keyingisi UTC boʻyicha yarim tunda ochiladi.',
  },
  video: {
    title: 'Bu qanday ishlaydi',
    label: 'Animatsiya: depozit bonus keltiradi, bonus oʻynab chiqiladi va haqiqiy pulga aylanadi.',
    caption: 'Depozit qiling, bonus oling, uni oʻynab chiqing va haqiqiy pulni yechib oling.',
    deposit: '1. Depozit qiling',
    bonus: '2. Bonus oling',
    wager: '3. Uni oʻyinlarda oʻynab chiqing',
    withdraw: '4. Haqiqiy pulni yechib oling',
  },
  faq: {
    title: 'Savol va javoblar',
    how_welcome: {
      question: 'Xush kelibsiz bonusi qanday ishlaydi?',
      answer:
        'Dastlabki toʻrtta depozitingizning har biri oʻz bonusini oladi: depozitning bir ulushi, bosqichda koʻrsatilgan chegaragacha, baʼzan bepul aylantirishlar bilan. Bosqichlar birin-ketin ochiladi.',
    },
    how_everyday: {
      question: 'Kundalik bonus qanday ishlaydi?',
      answer:
        'Toʻrtinchi depozitingizdan boshlab kuniga bir marta «Foydalanish» tugmasini bosing va oʻsha kuni hisobni toʻldiring: depozit ustiga kundalik bonus oladi.',
    },
    when: {
      question: 'Undan qachon yana foydalana olaman?',
      answer:
        'Kuniga bir marta. Kun UTC boʻyicha hisoblanadi: keyingi bonus UTC boʻyicha yarim tunda ochiladi, qancha vaqt qolganini taymer koʻrsatadi.',
    },
    wager: {
      question: 'Oʻynab chiqish nima degani?',
      answer:
        'Bonus summasini oʻynab chiqish koeffitsiyentiga koʻpaytirilgan miqdorda tikish qilganingizdan soʻng bonus pullari haqiqiy pulga aylanadi. Har bir oʻyin oʻz ulushi bilan hisoblanadi; ulushlar bonus oʻyinlarida koʻrsatilgan.',
    },
    max_bet: {
      question: 'Tikish cheklovi bormi?',
      answer:
        'Bonus oʻynab chiqilayotganda bitta tikish uning maksimal tikishidan oshmasligi kerak. Kattaroq tikishlar bonus tugaguncha rad etiladi.',
    },
    deadline: {
      question: 'Qancha vaqtim bor?',
      answer:
        'Har bir bonusning boshlangan paytidan soatlarda hisoblanadigan muddati bor. Muddat tugashi bilan oʻynab chiqilmagan bonus pullari ham kuyadi.',
    },
    several: {
      question: 'Bir nechta bonusim boʻlishi mumkinmi?',
      answer:
        'Bir vaqtda faqat bitta bonus oʻynab chiqiladi. Shu orada berilgan boshqa bonus kutadi va faol bonus tugagach boshlanadi.',
    },
    cancel: {
      question: 'Bonusni bekor qilsam boʻladimi?',
      answer:
        'Ha, «Bonuslar» sahifasida. Bonus pullari va oʻynab chiqish jarayoni yoʻqoladi. Pul yechish ham faol bonuslarni bekor qiladi.',
    },
  },
};
