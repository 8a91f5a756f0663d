import type { Translation } from '../translation';

export const policies: Translation['Policies'] = {
  title: 'Foydalanish shartlari',
  updated: 'Oxirgi yangilanish: 2025-yil 1-noyabr',
  applies_to: 'Ushbu shartlar {{host}} sayti va uning barcha xizmatlariga taalluqli.',
  sections: {
    acceptance_title: '1. Qabul qilish',
    acceptance_body:
      'Hisob ochish yoki saytdan foydalanish orqali siz ushbu shartlarga rozilik bildirasiz. Agar rozi boʻlmasangiz, iltimos, xizmatlarimizdan foydalanmang.',
    eligibility_title: '2. Kim oʻynashi mumkin',
    eligibility_body:
      'Sizga kamida 18 yosh, mamlakatingiz qonuni talab qilsa, undan ham koʻproq boʻlishi kerak. Bir kishiga faqat bitta hisobga ruxsat beriladi. Xizmatlarimiz onlayn qimor oʻyinlari taqiqlangan mamlakatlarda taklif etilmaydi.',
    account_title: '3. Hisobingiz',
    account_body:
      'Shaxsiy maʼlumotlaringiz aniq boʻlsin, parolingizni sir saqlang. Pul yechishdan oldin shaxsingizni va mablagʻlar manbasini tasdiqlashingizni soʻrashimiz mumkin. Hisobingizdagi barcha harakatlar uchun siz javobgarsiz.',
    payments_title: '4. Depozitlar va pul yechish',
    payments_body:
      'Faqat oʻzingizga tegishli toʻlov usullaridan foydalaning. Imkon qadar pul depozit qilgan usulingizga yechiladi. Xavfsizlik yoki shaxsni tekshirish davom etayotgan paytda pul yechish kechikishi mumkin.',
    bonuses_title: '5. Bonuslar',
    bonuses_body:
      'Har bir bonusning oʻz shartlari bor: oʻynab chiqish talabi, maksimal tikish va muddat. Bonus pullarini faqat shartlar bajarilgandan soʻng yechib olish mumkin. Bonuslarni suiisteʼmol qilish bonusni va undan olingan yutuqlarni bekor qiladi.',
    fair_play_title: '6. Halol oʻyin',
    fair_play_body:
      'Bir nechta hisob, til biriktirish, avtomatlashtirilgan oʻyin, dasturiy xatolardan foydalanish, xizmatlarimizga hujumlar va parollarni taxmin qilish taqiqlanadi. Ushbu qoidalarni buzgan hisobni bloklashimiz mumkin; sababi tizimga kirganingizda koʻrsatiladi.',
    responsible_title: '7. Masʼuliyatli oʻyin',
    responsible_body:
      'Faqat yoʻqotishga qodir boʻlgan pulingiz bilan oʻynang. Limit belgilash, tanaffus olish yoki oʻzingizni oʻyindan chetlatish uchun istalgan vaqtda qoʻllab-quvvatlash xizmatiga murojaat qiling.',
    liability_title: '8. Javobgarlik va oʻzgarishlar',
    liability_body:
      'Nosozlik yuz bersa, undan taʼsirlangan barcha tikishlar va toʻlovlar bekor qilinadi. Ushbu shartlarni yangilashimiz mumkin; muhim oʻzgarishlar kuchga kirishidan oldin saytda eʼlon qilinadi.',
    contact_title: '9. Aloqa',
    contact_body:
      'Qoʻllab-quvvatlash jamoamiz onlayn chat, qoʻllab-quvvatlash boti va {{email}} orqali 24/7 ishlaydi.',
  },
};
