import type { Translation } from '../translation';

export const errors: Translation['Errors'] = {
  network: 'Server bilan aloqa yoʻq. Internetni tekshirib, qayta urinib koʻring.',
  internal_error: 'Bizning tomonda nimadir xato ketdi. Qayta urinib koʻring.',
  service_unavailable: 'Xizmat vaqtincha mavjud emas. Birozdan soʻng qayta urinib koʻring.',
  validation_error: 'Belgilangan maydonlarni tekshiring.',
  invalid_credentials: 'E-mail yoki parol notoʻgʻri.',
  invalid_init_data: 'Messenjer orqali kirish muddati o‘tdi. Ilovani botdan qayta oching.',
  invalid_bot: 'Bu bizning botimiz emas. Kazinoni rasmiy botimiz orqali oching.',
  email_taken: 'Bu e-mail bilan hisob allaqachon mavjud. Hisobga kirasizmi?',
  unauthorized: 'Seansingiz tugadi. Qaytadan kiring.',
  forbidden: 'Bu amalga ruxsatingiz yoʻq.',
  cross_origin_request:
    'Bu amal bloklandi, chunki u ushbu saytdan yuborilmagan. Sahifani yangilang va qayta urinib koʻring.',
  not_found: 'Topilmadi.',
  name_change_unavailable:
    'Ismingizni endi bu yerda oʻzgartirib boʻlmaydi. Tuzatish kerak boʻlsa, qoʻllab-quvvatlash xizmatiga murojaat qiling.',
  rate_limited:
    'Urinishlar juda koʻp. {{retryAfterSeconds}}\u00a0soniyadan keyin qayta urinib koʻring.',
  server_busy:
    'Hozir koʻplab oʻyinchilar tizimga kirmoqda. {{retryAfterSeconds}}\u00a0soniyadan keyin qayta urinib koʻring.',
  payload_too_large: 'Soʻrov hajmi juda katta.',
  bad_request: 'Soʻrovni qayta ishlab boʻlmadi.',
  round_not_open: 'Bu raund allaqachon tugagan.',
  round_in_progress: 'Avval davom etayotgan raundni yakunlang.',
  bet_out_of_limits: 'Bu tikish oʻyin limitlaridan tashqarida.',
  turbine_not_available: 'Omad gʻildiragi mavjud emas',
  promo_code_not_found: 'Bunday promokod yoʻq. Yozilishini tekshiring.',
  promo_code_expired: 'Bu promokod hozir amal qilmaydi.',
  promo_code_exhausted: 'Bu promokodning limiti tugagan.',
  promo_code_already_used: 'Siz bu promokoddan allaqachon foydalangansiz.',
  promo_code_not_eligible: 'Bu promokod siz uchun mavjud emas.',
  bonus_max_bet_exceeded:
    'Bonus oʻynab chiqilayotganda bitta tikish koʻpi bilan {{maxBet}} {{currency}} boʻlishi mumkin.',
  bonus_active: 'Faol yoki kutilayotgan bonusingiz bor ekan, bu amalni bajarib boʻlmaydi.',
  bonus_not_available: 'Bu bonus siz uchun mavjud emas.',
  bonus_not_cancellable: 'Bu bonusni endi bekor qilib boʻlmaydi.',
  freespins_unavailable: 'Bu oʻyin uchun bepul aylantirishlaringiz qolmagan.',
  daily_bonus_used:
    'Bugungi bonusdan allaqachon foydalangansiz. Keyingisi UTC boʻyicha yarim tunda ochiladi.',
};
