import type { Translation } from '../translation';

export const validation: Translation['Validation'] = {
  required: 'Bu maydonni toʻldirish shart',
  invalid_email: 'Toʻgʻri e-mail manzilini kiriting',
  password_too_short: 'Parol kamida 8 ta belgidan iborat boʻlishi kerak',
  password_too_long: 'Parol koʻpi bilan 128 ta belgidan iborat boʻlishi mumkin',
  password_common:
    'Bu parol juda keng tarqalgan yoki oson topiladi. Bir-biriga bogʻliq boʻlmagan bir nechta soʻzdan foydalanib koʻring.',
  password_like_email:
    'Parol e-mail manzilingiz yoki uning @ belgisigacha boʻlgan qismi boʻlmasligi kerak',
  password_like_service: 'Parol kazino nomi boʻlmasligi kerak',
  invalid_name: 'Faqat harflar; ichida boʻsh joy, chiziqcha va apostrof boʻlishi mumkin',
  name_too_long: 'Koʻpi bilan 50 ta belgi',
  invalid_date: 'Toʻgʻri sanani kiriting',
  underage: 'Sizga kamida 18 yosh boʻlishi kerak',
  invalid_value: 'Notoʻgʻri qiymat',
  unknown_field: 'Bu maydon qabul qilinmaydi',
  invalid_characters: 'Bu matnda ruxsat etilmagan belgi bor',
  invalid_country: 'Ikki harfli mamlakat kodini kiriting',
  invalid_amount: 'Toʻgʻri summani kiriting',
  whole_amount: 'Faqat butun summa, tiyinsiz',
  minimum_amount: 'Minimal summa: {{amount}} {{currency}}',
  maximum_amount: 'Maksimal summa: {{amount}} {{currency}}',
  invalid_phone: 'Toʻgʻri telefon raqamini kiriting',
  invalid_card: 'Karta raqami 16 ta raqamdan iborat boʻlishi kerak',
  invalid_format: 'Notoʻgʻri format',
  invalid_address: 'Bu manzil tarmoq formatiga mos kelmaydi',
  invalid_full_name_latin: 'Faqat lotin harflari, boʻsh joy va chiziqcha',
  file_too_large: 'Fayl juda katta (koʻpi bilan 5 MB)',
  invalid_file: 'Rasm faylini tanlang',
  insufficient_balance: 'Komissiya bilan birga balansda mablagʻ yetarli emas',
};
