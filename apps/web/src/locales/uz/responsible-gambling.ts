export const responsibleGambling = {
  title: "Mas'uliyatli o'yin",
  intro:
    "Depozitlar, stavkalar va yutqazishlarga limit qo'ying. Limitni kamaytirish darhol kuchga kiradi, oshirish yoki olib tashlash esa faqat 24 soatdan keyin.",
  empty: "Hozircha limitlaringiz yo'q.",
  add_title: "Limit qo'yish",
  add: "Limit qo'yish",
  change: "O'zgartirish",
  save: 'Saqlash',
  close: 'Yopish',
  remove: "O'chirish",
  cancel_pending: "O'zgarishni bekor qilish",
  type_label: 'Limit',
  period_label: 'Davr',
  amount_label: 'Summa ({{currency}})',
  amount_label_primary: 'Valyutangizdagi summa',
  minutes_label: 'Daqiqalar',
  minutes: '{{minutes}} daq',
  types: {
    deposit: 'Depozit limiti',
    loss: 'Yutqazish limiti',
    wager: 'Stavka limiti',
    session: 'Sessiya vaqti',
  },
  periods: {
    day: '24 soat',
    week: '7 kun',
    month: '30 kun',
  },
  used: '{{amount}} dan {{used}} ishlatildi',
  frees: "{{when}} bo'shaydi",
  goes_down: '{{when}} kamayadi',
  today: 'bugun soat {{time}}',
  tomorrow: 'ertaga soat {{time}}',
  over_limit:
    "Limitga yetgandan keyin kelgan depozit uni oshirib yubordi. U hisobga o'tkazildi; keyingi depozitlar limit bo'shaganda mumkin bo'ladi.",
  history: {
    title: "O'zgarishlar tarixi",
    more: "Yana ko'rsatish",
    pending_until: '{{when}} gacha kutilmoqda',
    by_operator: "operator tomonidan o'rnatilgan",
    events: {
      set: "O'rnatildi",
      decreased: 'Kamaytirildi',
      increase_requested: "Oshirish so'raldi",
      removal_requested: "Olib tashlash so'raldi",
      increase_applied: 'Oshirildi',
      removed: 'Olib tashlandi',
      cancelled: "Kutilayotgan o'zgarish bekor qilindi",
      converted: "Yangi valyutangizga o'tkazildi",
    },
  },
  late_deposit: {
    over_limit:
      "{{amount}} miqdoridagi depozitingiz {{period}} uchun {{limit}} depozit limitingizdan oshsa ham hisobga o'tkazildi.",
    excluded:
      "{{amount}} miqdoridagi depozitingiz o'yindan tanaffusingiz paytida hisobga o'tkazildi.",
  },
  session_note: 'Vaqt limitingiz hisobingizda saqlangan.',
  pending_raise: '{{amount}} gacha oshirish {{when}} kuchga kiradi',
  pending_removal: "Limitni o'chirish {{when}} kuchga kiradi",
  cooling_off_hint:
    "Limitni kamaytirish darhol kuchga kiradi. Oshirish yoki o'chirish 24 soatdan keyin kuchga kiradi va shu vaqtgacha uni bekor qilish mumkin.",
  help_title: 'Yordam kerakmi?',
  help_intro: "Bepul va maxfiy yordamni quyidagi tashkilotlar ko'rsatadi:",
  help: {
    begambleaware: 'maslahatlar va bepul ishonch telefoni',
    gamcare: "qo'llab-quvvatlash va maslahat",
    ga: 'bir-biriga yordam beradigan odamlar uchrashuvlari',
    therapy: "ko'p tillarda onlayn yordam",
  },
  exclusion: {
    title: 'Tanaffus qilish',
    intro:
      'Taym-aut yoki oʻzini chetlatish darhol boshlanadi: barcha qurilmalarda hisobdan chiqasiz va u tugaguncha kira, hisobni toʻldira yoki oʻynay olmaysiz.',
    time_out: 'Taym-aut',
    self_exclusion: 'Oʻzini chetlatish',
    days_1: '24 soat',
    days_7: '1 hafta',
    days_30: '1 oy',
    days_label: 'Yoki kunlar soni (1–42)',
    periods: {
      '6m': '6 oy',
      '1y': '1 yil',
      '5y': '5 yil',
      indefinite: 'Muddatsiz',
    },
    continue: 'Davom etish',
    confirm_title: 'Tasdiqlang',
    confirm_time_out:
      'Barcha qurilmalarda hisobdan chiqasiz va {{until}} gacha kira, hisobni toʻldira yoki oʻynay olmaysiz.',
    confirm_self_exclusion:
      'Barcha qurilmalarda hisobdan chiqasiz va {{until}} gacha kira, hisobni toʻldira yoki oʻynay olmaysiz. Oʻzini chetlatishni bekor qilib yoki qisqartirib boʻlmaydi, keyin esa hisob faqat soʻrovingiz bilan ochiladi.',
    confirm_indefinite:
      'Barcha qurilmalarda hisobdan chiqasiz va boshqa kira, hisobni toʻldira yoki oʻynay olmaysiz. Muddatsiz oʻzini chetlatishni bekor qilib boʻlmaydi.',
    withdraw_note:
      'Ochiq sport stavkalari baribir hisoblanadi. Bu vaqtda balansni yechish uchun qoʻllab-quvvatlashga yozing.',
    confirm: 'Tasdiqlash va chiqish',
    back: 'Orqaga',
    timed_out_until: 'Sizda {{until}} gacha taym-aut.',
    self_excluded_until: 'Siz {{until}} gacha oʻzingizni chetlatgansiz.',
    self_excluded_indefinite: 'Siz oʻzingizni muddatsiz chetlatgansiz.',
    ended:
      'Oʻzini chetlatishingiz {{until}} da tugadi. Hisob soʻrovingizdan 24 soat keyin ochiladi.',
    reopen: 'Hisobni ochishni soʻrash',
    reopens_at: 'Hisobingiz {{when}} da ochiladi.',
    registry:
      'Siz milliy oʻzini chetlatish reyestridasiz, shuning uchun bu hisobdan foydalanib boʻlmaydi.',
  },
  reality_check: {
    setting_label: 'Reallik tekshiruvi',
    setting_hint: 'Siz tanlagan oraliqda oʻyin vaqti va sessiya natijasi haqida eslatma.',
    off: 'Oʻchiq',
    every: 'Har {{minutes}} daqiqada',
    title: 'Reallik tekshiruvi',
    body: 'Bu sessiyada {{time}} davomida oʻynayapsiz.',
    net: 'Sessiya natijasi',
    staked: 'Tikishlar',
    won: 'Yutuqlar',
    continue: 'Davom etish',
    stop: 'Oʻyinni tugatish',
    hours_minutes: '{{hours}} soat {{minutes}} daq',
    minutes_only: '{{minutes}} daq',
  },
  prompt: {
    title: 'Depozit limitini oʻrnating',
    body: 'Qancha depozit qilishni oldindan hal qilish oʻyinni nazorat qilishga yordam beradi. Limitni keyinroq profilda oʻzgartirishingiz mumkin.',
    amount: 'Summa ({{currency}})',
    set: 'Limit oʻrnatish',
    decline: 'Hozir emas',
  },
  review: {
    title: 'Limitlaringizni koʻrib chiqing',
    body: 'Limitlaringizni oxirgi marta koʻrib chiqqaningizdan beri olti oy oʻtdi. Ular hali ham sizga mosmi?',
    keep: 'Limitlarimni saqlash',
    change: 'Limitlarni oʻzgartirish',
  },
  server_error: {
    reality_check_due:
      'Reallik tekshiruvi vaqti keldi: oʻynashni davom ettirish uchun javob bering.',
    responsible_gambling_limit:
      "Mas'uliyatli o'yin limitingiz bunga ruxsat bermaydi: {{amount}} {{currency}} dan {{used}} ishlatildi. Limit qachon bo'shashini profildagi «Mas'uliyatli o'yin» bo'limida ko'ring.",
  },
};
