import type { Translation } from '../translation';

export const auth: Translation['Auth'] = {
  login_title: 'Yana xush kelibsiz',
  login_subtitle: 'Oʻynash, hisobni toʻldirish va bonuslarni olish uchun kiring.',
  register_title: 'Hisob yarating',
  register_subtitle: 'Bu bir necha soniya oladi. Xush kelibsiz bonuslari sizni kutmoqda.',
  email: 'E-mail',
  email_placeholder: 'you@example.com',
  password: 'Parol',
  password_placeholder: 'Parolingiz',
  password_hint: 'Kamida 8 ta belgi. Keng tarqalgan parol yoki e-mailingiz boʻlmasin.',
  show_password: 'Parolni koʻrsatish',
  hide_password: 'Parolni yashirish',
  submit_login: 'Kirish',
  submit_register: 'Hisob yaratish',
  terms_notice:
    'Hisob yaratish orqali 18 yoshga toʻlganingizni tasdiqlaysiz va <terms>foydalanish shartlarini</terms> qabul qilasiz.',
  login_success: 'Yana xush kelibsiz!',
  register_success: 'Hisobingiz tayyor. Omad!',
  login_tab: 'Kirish',
  register_tab: 'Roʻyxatdan oʻtish',
};
