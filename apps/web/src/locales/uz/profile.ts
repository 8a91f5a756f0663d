import type { Translation } from '../translation';

export const profile: Translation['Profile'] = {
  title: 'Profil',
  account: 'Hisob',
  user_id: 'Foydalanuvchi ID',
  email: 'E-mail',
  language: 'Til',
  language_hint: 'Interfeys tili va xabarlarimiz tili.',
  personal_data: 'Shaxsiy maʼlumotlar',
  personal_data_hint:
    'Pul yechish uchun kerak. Ismingizni shaxsingizni tasdiqlovchi hujjatdagidek kiriting.',
  first_name: 'Ism',
  last_name: 'Familiya',
  gender: 'Jins',
  gender_placeholder: 'Jinsni tanlang',
  gender_male: 'Erkak',
  gender_female: 'Ayol',
  date_of_birth: 'Tugʻilgan sana',
  name_locked:
    'Ismingiz tasdiqlangan va endi oʻzgartirilmaydi. Xato boʻlsa, qoʻllab-quvvatlash xizmatiga murojaat qiling.',
  name_once: 'Ismni faqat bir marta kiritish mumkin. Saqlashdan oldin diqqat bilan tekshiring.',
  save: 'Saqlash',
  saved: 'Shaxsiy maʼlumotlar saqlandi',
  sign_out: 'Chiqish',
  signed_out: 'Hisobdan chiqdingiz',
  deposits_made: 'Depozitlar soni',
  deposits_sum: 'Jami depozitlar',
  vip_player: 'VIP oʻyinchi',
  vip_manager: 'Sizning VIP menejeringiz',
  complete_for_withdrawals: 'Pul yecha olish uchun shaxsiy maʼlumotlaringizni toʻldiring.',
  ready_for_withdrawals: 'Shaxsiy maʼlumotlaringiz toʻliq.',
};
