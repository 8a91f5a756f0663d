import type { Translation } from '../translation';

export const ban: Translation['Ban'] = {
  title: 'Hisobingiz bloklangan',
  description: 'Bu hisob uchun oʻyinlar, toʻlovlar va bonuslarga kirish cheklangan.',
  user_id: 'Foydalanuvchi ID raqamingiz',
  reason_label: 'Sabab',
  reason: {
    ddos: 'Shubhali avtomatlashtirilgan trafik',
    multiaccounting: 'Bir shaxsga tegishli bir nechta hisob',
    bruteforce: 'Parolni qayta-qayta taxmin qilish',
    kyc: 'Shaxsni tasdiqlashdan oʻtilmagan',
    bonus_abuse: 'Bonuslarni suiisteʼmol qilish',
    psg: 'Masʼuliyatli oʻyin cheklovi',
    restricted_geo: 'Cheklangan hududdan kirish',
    save_balance_check: 'Balans xavfsizligini tekshirish',
    other: 'Foydalanish shartlarini buzish',
  },
  terms: 'Foydalanish shartlari',
  contact_support: 'Qoʻllab-quvvatlash xizmatiga yozish',
  appeal:
    'Agar buni xato deb hisoblasangiz, qoʻllab-quvvatlash xizmatiga yozing va foydalanuvchi ID raqamingizni koʻrsating.',
};
